import { withRetry } from "../retry.ts";
import { StepFailure } from "../step-failure.ts";
import type { ActionRunner } from "./step-data.ts";

export const openApp: ActionRunner<"open_app"> = async (ctx, { params: { applicationId, retry } }) => {
  const id = `openApp:${applicationId}`;
  await withRetry(
    ctx,
    retry,
    {
      id,
      label: `Opening ${applicationId}`,
      scope: "task",
      success: (_r, elapsed, attempt) => ({
        stage_id: id,
        application_id: applicationId,
        launch_method: "shortcut",
        cold_start: "unknown",
        elapsed_ms: String(elapsed),
        attempt: String(attempt),
      }),
      failure: (error, attempt) => ({
        application_id: applicationId,
        reason_code: error.code === "APP_NOT_FOUND" ? "app_not_found" : "unknown",
        attempt: String(attempt),
      }),
    },
    () => {
      ctx.log.scope(`Opening app: ${applicationId}`);
      // The APK's words (TaskScopeDefault.openApp): no launch intent means no app.
      if (!ctx.ui.openApp(applicationId))
        throw new StepFailure("APP_NOT_FOUND", `No app found with applicationId=${applicationId}`);
    },
  );
  return { application_id: applicationId };
};

export const openUri: ActionRunner<"open_uri"> = async (ctx, { params: { uri, retry } }) => {
  await withRetry(ctx, retry, { id: `openUri:${uri}`, label: `Opening ${uri}`, scope: "task" }, () => {
    ctx.log.scope(`Opening uri: ${uri}`);
    if (!ctx.ui.openUri(uri)) throw new StepFailure("URI_NOT_HANDLED", `No activity found to handle uri=${uri}`);
  });
  return { uri };
};

/** The APK cannot force-stop other apps; the host runs `am force-stop` before dispatch. Not fatal. */
export const closeApp: ActionRunner<"close_app"> = async (_ctx, { params: { applicationId } }) => {
  throw new StepFailure(
    "UNSUPPORTED_RUNTIME_CLOSE",
    "Android runtime cannot reliably close apps. Use the Clawperator Node API or 'adb shell am force-stop' " +
      "directly for this action.",
    { application_id: applicationId },
    false,
  );
};
