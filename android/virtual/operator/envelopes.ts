import type { ResultEnvelope } from "../../../core/contracts/envelope.ts";
import type { StepResult } from "../../../core/contracts/envelope.ts";

// The APK serializes with encodeDefaults=false: `errorCode` is left out unless set, `error` is always present (null
// on success). Key order follows its data class.

export function successEnvelope(commandId: string, taskId: string, stepResults: StepResult[]): ResultEnvelope {
  return { commandId, taskId, status: "success", stepResults, error: null };
}

/** A failed command: the APK reports no step results and, except for SERVICE_UNAVAILABLE, no errorCode. */
export function failedEnvelope(
  commandId: string,
  taskId: string,
  error: string,
  errorCode?: "SERVICE_UNAVAILABLE",
): ResultEnvelope {
  return { commandId, taskId, status: "failed", stepResults: [], error, ...(errorCode ? { errorCode } : {}) };
}
