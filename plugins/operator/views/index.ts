import type { PluginContext } from "../../../core/kernel/index.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { HostInfo } from "../../../core/services/host-info.ts";
import { ExecutionRunner } from "../../../core/execution/runner.ts";
import { Transport } from "../../../core/services/transport.ts";
import type { ViewState } from "./view-state.ts";

/**
 * The agent view's services: AgentViews, and the hook that notes every dispatch so refs of an older screen are
 * refused. Both share one ViewState, made on first use: in memory for a long-lived host (serve, MCP, the API), a
 * private file per device for CLI commands, which run in a new process or the warm runtime alike. Their modules load only when a view or an execution needs them.
 */
export function registerAgentViews(ctx: PluginContext<unknown>): void {
  let state: Promise<ViewState> | undefined;
  // A CLI command's view must reach the next command, whichever process runs it: a file. Other hosts keep theirs.
  const inMemory = () => {
    const host = ctx.services.resolve(HostInfo);
    return host.longLived && !host.cli;
  };
  const viewState = () => {
    state ??= (async () => {
      const [{ ViewState }, stores] = await Promise.all([
        import("./view-state.js"),
        inMemory() ? import("./memory-store.js") : import("./file-store.js"),
      ]);
      return new ViewState("memoryViewStore" in stores ? stores.memoryViewStore() : stores.fileViewStore());
    })();
    return state;
  };
  ctx.hooks.add({
    name: "note-views",
    order: 5,
    load: async () => ({ default: (await import("./note-dispatch.js")).noteDispatch(await viewState()) }),
  });
  let views: Promise<AgentViews> | undefined;
  const load = () => {
    views ??= Promise.all([import("./agent-views.js"), viewState()]).then(([{ createAgentViews }, resolved]) =>
      createAgentViews({
        runner: () => ctx.services.resolve(ExecutionRunner),
        transport: () => ctx.services.resolve(Transport),
        state: () => resolved,
        source: inMemory() ? "clawperator-api" : "clawperator-cli",
      }),
    );
    return views;
  };
  ctx.services.register(AgentViews, {
    useValue: {
      observe: async (target) => (await load()).observe(target),
      run: async (execution, options) => (await load()).run(execution, options),
    },
  });
}
