import { shellCommand } from "../../../android/operator/shell-quote.ts";
import type { ExecutionHook } from "../../../core/execution/hooks.ts";

/** close_app: the APK cannot close other apps, so the host force-stops them before the broadcast (spec/001). */
const closeApp: ExecutionHook = {
  beforeDispatch(ctx) {
    for (const action of ctx.execution.actions) {
      if (action.type === "close_app" && action.params)
        ctx.preDispatch.push(shellCommand(["am", "force-stop", action.params.applicationId]));
    }
  },
};

export default closeApp;
