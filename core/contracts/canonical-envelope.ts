import type { ResultEnvelope, StepResult } from "./envelope.ts";

const isString = (value: unknown): value is string => typeof value === "string";
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function canonicalStep(value: unknown): StepResult | undefined {
  if (!isRecord(value) || !isString(value.id) || !isString(value.actionType) || typeof value.success !== "boolean")
    return undefined;
  if (!isRecord(value.data) || !Object.values(value.data).every(isString)) return undefined;
  if (value.error !== undefined && !isString(value.error)) return undefined;
  const step: StepResult = {
    id: value.id,
    actionType: value.actionType,
    success: value.success,
    data: value.data as Record<string, string>,
  };
  if (value.error !== undefined) step.error = value.error;
  return step;
}

/**
 * The envelope when it is exactly in the form the Operator APK writes (docs/protocol.md#results), keeping only the
 * schema's keys as ResultEnvelopeSchema would; otherwise undefined, and the caller validates with the schema.
 * Loading zod is a large part of a CLI snapshot's time (bench/RESULTS.md), and almost every envelope is canonical.
 */
export function canonicalEnvelope(value: unknown): ResultEnvelope | undefined {
  if (!isRecord(value) || !isString(value.commandId) || !isString(value.taskId)) return undefined;
  if (value.status !== "success" && value.status !== "failed") return undefined;
  if (!Array.isArray(value.stepResults) || !(value.error === null || isString(value.error))) return undefined;
  if (!(value.errorCode === undefined || value.errorCode === null || isString(value.errorCode))) return undefined;
  if (!(value.hint === undefined || isString(value.hint))) return undefined;
  const stepResults: StepResult[] = [];
  for (const item of value.stepResults) {
    const step = canonicalStep(item);
    if (!step) return undefined;
    stepResults.push(step);
  }
  const envelope: ResultEnvelope = {
    commandId: value.commandId,
    taskId: value.taskId,
    status: value.status,
    stepResults,
    error: value.error,
  };
  if (value.errorCode !== undefined) envelope.errorCode = value.errorCode;
  if (value.hint !== undefined) envelope.hint = value.hint;
  return envelope;
}
