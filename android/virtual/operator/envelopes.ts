import type { ResultEnvelope, StepResult } from "../../../core/contracts/envelope.ts";

// The APK serializes with encodeDefaults=false: `errorCode` is left out of a successful envelope, `error` is
// always present (null on success). Key order follows its data class.

export function successEnvelope(commandId: string, taskId: string, stepResults: StepResult[]): ResultEnvelope {
  return { commandId, taskId, status: "success", stepResults, error: null };
}

export function failedEnvelope(commandId: string, taskId: string, stepResults: StepResult[], error: string, errorCode: string): ResultEnvelope {
  return { commandId, taskId, status: "failed", stepResults, error, errorCode };
}
