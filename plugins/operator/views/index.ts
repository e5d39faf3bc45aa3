import type { PluginContext } from "../../../core/kernel/index.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { HostInfo } from "../../../core/services/host-info.ts";
import { ExecutionRunner } from "../../../core/execution/runner.ts";
import { Transport } from "../../../core/services/transport.ts";
import { fileViewStore } from "./file-store.ts";
import { memoryViewStore } from "./memory-store.ts";
import { noteDispatch } from "./note-dispatch.ts";
import { ViewState } from "./view-state.ts";

/**
 * The agent view's services: AgentViews, and the hook that notes every dispatch so refs of an older screen are
 * refused. Both share one ViewState, made on first use: in memory for a long-lived host (serve, MCP, the API), a
 * private file per device for CLI commands, each of which runs in a process of its own. The state and the hook are
 * imported with the plugin (every execution notes its dispatch); the views themselves load when first asked for.
 */
export function registerAgentViews(ctx: PluginContext<unknown>): void {
  let state: ViewState | undefined;
  // A CLI command's view must reach the next command, which runs in another process: a file. Other hosts keep theirs.
  const inMemory = () => ctx.services.resolve(HostInfo).longLived;
  const viewState = () => {
    state ??= new ViewState(inMemory() ? memoryViewStore() : fileViewStore());
    return state;
  };
  ctx.services.resolve(EventBus).on("clawperator:device-removed", ({ deviceId }) => viewState().store.remove(deviceId));
  ctx.hooks.add({
    name: "note-views",
    order: -95,
    load: () => noteDispatch(viewState()),
  });
  let views: Promise<AgentViews> | undefined;
  const load = () => {
    views ??= import("./agent-views.js").then(({ createAgentViews, DEFAULT_SETTLE_CEILING_MS }) =>
      createAgentViews({
        runner: () => ctx.services.resolve(ExecutionRunner),
        transport: () => ctx.services.resolve(Transport),
        state: viewState,
        source: inMemory() ? "clawperator-api" : "clawperator-cli",
        session: inMemory() ? "api" : "cli",
        settleCeilingMs: () => ctx.config.views?.settleCeilingMs ?? DEFAULT_SETTLE_CEILING_MS,
      }),
    );
    return views;
  };
  ctx.services.register(AgentViews, {
    useValue: {
      observe: async (target) => (await load()).observe(target),
      run: async (execution, options) => (await load()).run(execution, options),
      locate: async (ref, target) => (await load()).locate(ref, target),
      // Cheap and synchronous: the state is there without the views' code.
      noteActed: (deviceId) => void viewState().noteActed(deviceId),
      forget: (session) => viewState().forget(session),
    },
  });
}
