import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkExecution } from "../../../core/contracts/check-execution.ts";
import { EXPECTED_FORMAT } from "../../../core/contracts/limits.ts";
import { ExecutionRunner, type RunExecutionResult } from "../../../core/execution/runner.ts";
import type { ServiceAccess } from "../../../core/kernel/index.ts";

export type SessionVerb = "start" | "stop";

/**
 * The reference CLI's builders (docs/recording.md#the-recording-actions): its ids, task ids, source and time limits.
 */
const BUILDERS = {
  start: { type: "start_recording", taskId: "cli-record-start", timeoutMs: 10_000 },
  stop: { type: "stop_recording", taskId: "cli-record-stop", timeoutMs: 15_000 },
} as const;

export interface SessionRequest {
  sessionId?: string;
  deviceId?: string;
  receiverPackage?: string;
  /** Overrides the reference's 10 s (start) / 15 s (stop). */
  timeoutMs?: number;
  /** Who asks, for the execution's `source` (the reference's CLI says `clawperator-cli`). */
  source?: string;
}

/** What `record start` / `record stop` print: the reference's wrapper around the run's result. */
export type SessionResult = RunExecutionResult & { isCanonicalTerminal: true };

/**
 * Runs `start_recording` or `stop_recording` as a one-action execution through the ExecutionRunner, like any
 * execution (device selection, lock, hooks). A given session id must not be blank (the reference's check and
 * words); everything else is the execution contract's. The APK's step codes come back in the step's data.
 */
export async function runSessionAction(
  services: ServiceAccess,
  verb: SessionVerb,
  request: SessionRequest,
): Promise<SessionResult> {
  const builder = BUILDERS[verb];
  const { sessionId } = request;
  if (sessionId !== undefined && sessionId.trim() === "") {
    throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", `${builder.type} params.sessionId must not be blank`, {
      details: { path: "actions[0].params.sessionId" },
    });
  }
  const execution = await checkExecution({
    commandId: `${builder.type}_${Date.now()}`,
    taskId: builder.taskId,
    source: request.source ?? "clawperator-cli",
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: request.timeoutMs ?? builder.timeoutMs,
    actions: [{ id: "a1", type: builder.type, params: sessionId === undefined ? {} : { sessionId } }],
  });
  const result = await services.resolve(ExecutionRunner).run({
    execution,
    ...(request.deviceId ? { deviceId: request.deviceId } : {}),
    ...(request.receiverPackage ? { receiverPackage: request.receiverPackage } : {}),
  });
  return { ...result, isCanonicalTerminal: true };
}

/** The reference exits 1 when the envelope failed or any step did (the APK reports `success` around a failed step). */
export const sessionFailed = (result: SessionResult) =>
  !result.ok || result.envelope.stepResults.some((step) => !step.success);

/** The step's data: sessionId, filePath and (stop) eventCount, or error and message. */
export const sessionData = (result: SessionResult): Record<string, string> =>
  result.envelope.stepResults[0]?.data ?? {};
