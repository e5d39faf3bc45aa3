import type { RecordingRefusal } from "../recording/recording-manager.ts";
import { StepFailure } from "../step-failure.ts";
import type { ActionRunner, StepData } from "./step-data.ts";

/**
 * A refusal is a failed step, not a failed command: `data` has `error` and `message` first, then what the manager
 * knew (the APK's UiActionEngine builds it in that order).
 */
function refusal(outcome: RecordingRefusal): StepFailure {
  const data: StepData = { error: outcome.code, message: outcome.message };
  if (outcome.sessionId !== undefined) data.sessionId = outcome.sessionId;
  if (outcome.filePath !== undefined) data.filePath = outcome.filePath;
  if (outcome.eventCount !== undefined) data.eventCount = String(outcome.eventCount);
  return new StepFailure(outcome.code, outcome.message, data, false);
}

export const startRecording: ActionRunner<"start_recording"> = async (ctx, { params }) => {
  const outcome = ctx.recording.start(params.sessionId);
  if (outcome.kind === "error") throw refusal(outcome);
  return { sessionId: outcome.sessionId, filePath: outcome.filePath };
};

export const stopRecording: ActionRunner<"stop_recording"> = async (ctx, { params }) => {
  const outcome = ctx.recording.stop(params.sessionId);
  if (outcome.kind === "error") throw refusal(outcome);
  return { sessionId: outcome.sessionId, filePath: outcome.filePath, eventCount: String(outcome.eventCount) };
};
