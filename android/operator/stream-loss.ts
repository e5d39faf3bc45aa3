import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import type { ErrorCode } from "../../core/contracts/error-codes.ts";
import type { ResultCollector } from "./result-collector.ts";

/** Consecutive log streams that end without a line before the host stops reopening them. */
export const MAX_EMPTY_STREAMS = 3;
/** Log streams opened for one execution at most (each end is a device or adb server going away). */
export const MAX_STREAM_OPENS = 10;

export interface LossContext {
  deviceId: string;
  receiverPackage: string;
  collector: ResultCollector;
  /** How many times the result stream was opened for this execution. */
  streamOpens: number;
}

const DEVICE_CODES: ReadonlySet<ErrorCode> = new Set([
  "DEVICE_NOT_FOUND",
  "DEVICE_OFFLINE",
  "DEVICE_UNAUTHORIZED",
  "DEVICE_SHELL_UNAVAILABLE",
  "ADB_NO_USB_PERMISSIONS",
  "ADB_SERVER_FAILED",
  "ADB_NOT_FOUND",
]);

/**
 * The result stream could not be reopened after it ended: the device (or the adb server, which could not be
 * brought back) went away while the command ran. Reported at once with the device's code, instead of waiting
 * out the execution's timeout and calling it RESULT_ENVELOPE_TIMEOUT.
 */
export function deviceLost(cause: unknown, ctx: LossContext): ClawperatorError {
  const known = cause instanceof ClawperatorError && DEVICE_CODES.has(cause.code);
  const code: ErrorCode = known ? (cause as ClawperatorError).code : "LOGCAT_UNAVAILABLE";
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ClawperatorError(
    code,
    `lost ${ctx.deviceId} while waiting for the result of ${ctx.collector.commandId}: ${reason}`,
    {
      hint:
        code === "LOGCAT_UNAVAILABLE"
          ? "The device's log stream keeps ending; check the connection (`clawperator devices`) and try again."
          : "Reconnect the device (`clawperator devices` to check), then run the execution again; it may or may " +
            "not have run on the device.",
      diagnostics: {
        deviceId: ctx.deviceId,
        receiverPackage: ctx.receiverPackage,
        broadcastDispatchStatus: "sent",
        lastCorrelatedEvents: ctx.collector.evidence,
      },
      details: {
        phase: "awaiting_result",
        dispatchReachedLog: ctx.collector.sawDispatch,
        streamOpens: ctx.streamOpens,
        cause: reason,
      },
      cause,
    },
  );
}

/** Streams that keep ending without a line: the device answers but gives no log. */
export function streamsKeepEnding(ctx: LossContext): ClawperatorError {
  return deviceLost(new Error(`the device log stream ended ${ctx.streamOpens} times before the result`), ctx);
}
