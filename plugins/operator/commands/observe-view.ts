import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { renderViewed } from "../views/render-view.ts";
import { exitCodeOfResult, targetOf, timeoutFrom } from "./run-actions.ts";

/**
 * `observe view`: the agent view of the screen (outline and refs), which becomes the device's latest, so the refs
 * can be used by the next `action … --ref`. It fails (exit 1) when no view could be made.
 */
const observeView = defineCommandHandler({
  run: (_args, { globals, services }) =>
    services.resolve(AgentViews).observe({ ...targetOf(globals), timeoutMs: timeoutFrom({ globals }) }),
  pretty: renderViewed,
  exitCode: (result) => (exitCodeOfResult(result) === 1 || !result.view ? 1 : 0),
});

export default observeView;
