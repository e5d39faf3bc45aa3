import { z } from "zod";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { readRecordingText } from "../parse/parse-recording-file.ts";
import { inSeqOrder, readRecording, type RecordingEvent } from "../parse/recording-events.ts";

/** What a skill is generated from: the session and its events in seq order. */
export interface RecordingSource {
  sessionId: string;
  /** `recording`: every event of the NDJSON; `steps`: a `.steps.json`, which kept only open_app and clicks. */
  kind: "recording" | "steps";
  events: RecordingEvent[];
}

const nullableString = z.string().nullable();
const StepLogSchema = z.object({
  sessionId: z.string(),
  schemaVersion: z.literal(1),
  steps: z.array(
    z.discriminatedUnion("type", [
      z.object({
        seq: z.number(),
        type: z.literal("open_app"),
        packageName: z.string(),
        uiStateBefore: nullableString,
      }),
      z.object({
        seq: z.number(),
        type: z.literal("click"),
        packageName: z.string(),
        resourceId: nullableString,
        text: nullableString,
        contentDesc: nullableString,
        bounds: z.object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() }),
        uiStateBefore: nullableString,
      }),
    ]),
  ),
});

/** A `.steps.json` (the reference's step log) as events: open_app was the first window, each click a click. */
function fromStepLog(text: string, path: string): RecordingSource {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ClawperatorError("RECORDING_PARSE_FAILED", `${path} is neither a recording nor a step log`);
  }
  const parsed = StepLogSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ClawperatorError(
      "RECORDING_PARSE_FAILED",
      `Invalid step log ${path}: ${issue.path.join(".") || "(root)"}: ${issue.message}`,
      { details: { path: issue.path.join(".") } },
    );
  }
  const events = parsed.data.steps.map((step, ts): RecordingEvent => {
    const base = { ts, seq: step.seq, snapshot: step.uiStateBefore };
    if (step.type === "open_app")
      return { ...base, type: "window_change", packageName: step.packageName, className: null, title: null };
    const { left, top, right, bottom } = step.bounds;
    return {
      ...base,
      type: "click",
      packageName: step.packageName,
      resourceId: step.resourceId,
      text: step.text,
      contentDesc: step.contentDesc,
      bounds: { left, top, right, bottom },
    };
  });
  return { sessionId: parsed.data.sessionId, kind: "steps", events: inSeqOrder(events) };
}

/**
 * The recording or step log at `path` (read within the recording size limit): a file whose first line is a
 * recording header is NDJSON, read with `record parse`'s validation; anything else must be a v1 step log.
 */
export function loadSource(path: string): RecordingSource {
  const text = readRecordingText(path);
  const firstLine = text.trimStart().split("\n", 1)[0] ?? "";
  if (/"type"\s*:\s*"recording_header"/.test(firstLine) || path.endsWith(".ndjson")) return recordingSource(text);
  return fromStepLog(text, path);
}

/** A recording's NDJSON text (as pulled from a device), read with `record parse`'s validation. */
export function recordingSource(text: string): RecordingSource {
  const recording = readRecording(text);
  return { sessionId: recording.header.sessionId, kind: "recording", events: inSeqOrder(recording.events) };
}
