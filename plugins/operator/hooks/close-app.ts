import { shellCommand } from "../../../android/operator/shell-quote.ts";
import type { ExecutionHook } from "../../../core/execution/hooks.ts";

const forceStop = (applicationId: string) => shellCommand(["am", "force-stop", applicationId]);

/**
 * close_app: the APK cannot close other apps, so the host force-stops them before the broadcast
 * (docs/protocol.md#steps-the-host-finishes), and then finishes the step the APK answered UNSUPPORTED_RUNTIME_CLOSE as
 * the reference runtime does: success with `application_id` when the force-stop succeeded, the force-stop's reason when
 * it did not.
 */
const closeApp: ExecutionHook = {
  beforeDispatch(ctx) {
    for (const action of ctx.execution.actions) {
      if (action.type === "close_app" && action.params) ctx.preDispatch.push(forceStop(action.params.applicationId));
    }
  },
  afterResult(ctx) {
    for (const step of ctx.envelope.stepResults) {
      if (step.actionType !== "close_app" || step.success || step.data.error !== "UNSUPPORTED_RUNTIME_CLOSE") continue;
      const action = ctx.execution.actions.find((a) => a.id === step.id);
      if (action?.type !== "close_app" || !action.params) continue;
      const { applicationId } = action.params;
      const outcome = ctx.preDispatch.find((o) => o.command === forceStop(applicationId));
      if (!outcome) continue;
      if (outcome.exitCode === 0) {
        step.success = true;
        step.data = { application_id: applicationId };
        continue;
      }
      const output = outcome.output ? `: ${outcome.output}` : "";
      step.data = {
        application_id: applicationId,
        error: "ACTION_FAILED",
        message: `am force-stop ${applicationId} exited with ${outcome.exitCode}${output}`,
      };
    }
  },
};

export default closeApp;
