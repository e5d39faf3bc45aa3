import type { ResultEnvelope } from "../contracts/envelope.ts";
import { type ErrorCode, isErrorCode } from "../contracts/error-codes.ts";

/**
 * Why an execution failed, beside the device's envelope (`result.error`): one code of the catalogue an agent can
 * branch on, and the failed step when it is known. `source` says where the code came from: a failed step's
 * `data.error`, the envelope's `errorCode`, or the device log of a step-less failure envelope (the APK's
 * `stage-failure` / `stage-log … failure_point=` lines and its failure message). Text the host does not know is
 * DEVICE_FAILURE_UNCLASSIFIED, never a guess; a step's own code outside the catalogue stays in `deviceCode`.
 */
export interface ExecutionFailure {
  code: ErrorCode;
  message: string;
  source: "step" | "envelope" | "device_log";
  stepId?: string;
  actionType?: string;
  deviceCode?: string;
  /** What to do next, when the code says it (NODE_NOT_FOUND: look at the screen). */
  hint?: string;
  /** Nodes on the screen after the failure whose text is close to what the matcher asked for (the agent view's). */
  nearMatches?: { label: string; ref?: string; matcher: Record<string, unknown> }[];
}

export const UNCLASSIFIED: ErrorCode = "DEVICE_FAILURE_UNCLASSIFIED";

/**
 * The failure of a reconciled envelope, or undefined when it succeeded. `fromDeviceLog` is the dispatcher's
 * reading of a step-less failure envelope.
 */
export function executionFailure(
  envelope: ResultEnvelope,
  fromDeviceLog?: ExecutionFailure,
  deviceId?: string,
): ExecutionFailure | undefined {
  const failure = classified(envelope, fromDeviceLog);
  if (failure?.code !== "NODE_NOT_FOUND") return failure;
  const target = deviceId ? ` --device-id ${deviceId}` : "";
  return {
    ...failure,
    hint: `Nothing on the screen matched. Look at what is there: clawperator observe view${target}; then act on a ref it shows (--ref eN) or a matcher built from it.`,
  };
}

function classified(envelope: ResultEnvelope, fromDeviceLog?: ExecutionFailure): ExecutionFailure | undefined {
  if (envelope.status === "success") return undefined;
  const message = envelope.error ?? "the device reported a failed execution";
  const step = envelope.stepResults.find((s) => !s.success);
  if (step) {
    return {
      ...coded(step.data.error),
      message: step.data.message || message,
      source: "step",
      stepId: step.id,
      actionType: step.actionType,
    };
  }
  const errorCode = envelope.errorCode ?? undefined;
  if (isErrorCode(errorCode) || (errorCode && !fromDeviceLog))
    return { ...coded(errorCode), message, source: "envelope" };
  return fromDeviceLog ?? { code: UNCLASSIFIED, message, source: "envelope" };
}

/** A device's code: the catalogue's, or the fallback keeping what the device said. */
function coded(deviceCode: string | undefined): Pick<ExecutionFailure, "code" | "deviceCode"> {
  if (isErrorCode(deviceCode)) return { code: deviceCode };
  return deviceCode ? { code: UNCLASSIFIED, deviceCode } : { code: UNCLASSIFIED };
}
