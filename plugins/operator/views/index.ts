import type { PluginContext } from "../../../core/kernel/index.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { HostInfo } from "../../../core/services/host-info.ts";
import { ExecutionRunner } from "../../../core/execution/runner.ts";
import { Transport } from "../../../core/services/transport.ts";
import type { ViewState } from "./view-state.ts";

/**
 * The agent view's services: AgentViews, and the hook that notes every dispatch so refs of an older screen are
 * refused. Both share one ViewState, made on first use: in memory for a long-lived host, a private file per device
 * for the CLI, whose every command is a new process. Their modules load only when a view or an execution needs them.
 */
export function registerAgentViews(ctx: PluginContext<unknown>): void {
  let state: Promise<ViewState> | undefined;
  const viewState = () => {
    state ??= (async () => {
      const [{ ViewState }, stores] = await Promise.all([
        import("./view-state.js"),
        ctx.services.resolve(HostInfo).longLived ? import("./memory-store.js") : import("./file-store.js"),
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
        source: ctx.services.resolve(HostInfo).longLived ? "clawperator-api" : "clawperator-cli",
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
