import { type Bounds, inSeqOrder, type RecordingEvent, type RecordingFile } from "./recording-events.ts";

/** A step's screen: the snapshot's text, or (`S`) where to read it when the log is written. */
export interface OpenAppStep<S = string | null> {
  seq: number;
  type: "open_app";
  packageName: string;
  uiStateBefore: S;
}

export interface ClickStep<S = string | null> {
  seq: number;
  type: "click";
  packageName: string;
  resourceId: string | null;
  text: string | null;
  contentDesc: string | null;
  bounds: Bounds;
  uiStateBefore: S;
}

/** The reference's `.steps.json` (docs/recording.md#output-shape): tools written for it read ours. */
export interface RecordingStepLog<S = string | null> {
  sessionId: string;
  schemaVersion: number;
  steps: Array<OpenAppStep<S> | ClickStep<S>>;
  /** Present only when there is a warning. */
  _warnings?: string[];
}

/**
 * The reference's v1 normalization, exactly: the first window_change of the file becomes `open_app` (later ones
 * emit nothing), every click a `click` with its raw fields, scrolls are dropped with a warning each (after the
 * snapshot warnings), text changes and back presses are dropped silently. No matcher is built.
 */
export function normalizeV1(recording: RecordingFile): RecordingStepLog;
export function normalizeV1<S>(recording: RecordingFile, snapshotOf: (event: RecordingEvent) => S): RecordingStepLog<S>;
export function normalizeV1<S>(
  recording: RecordingFile,
  snapshotOf: (event: RecordingEvent) => S = (event) => event.snapshot as S,
): RecordingStepLog<S> {
  const steps: RecordingStepLog<S>["steps"] = [];
  const dropped: string[] = [];
  let openAppInferred = false;
  for (const event of inSeqOrder(recording.events)) {
    if (event.type === "window_change" && !openAppInferred) {
      steps.push({
        seq: event.seq,
        type: "open_app",
        packageName: event.packageName,
        uiStateBefore: snapshotOf(event),
      });
      openAppInferred = true;
    } else if (event.type === "click") {
      steps.push({
        seq: event.seq,
        type: "click",
        packageName: event.packageName,
        resourceId: event.resourceId,
        text: event.text,
        contentDesc: event.contentDesc,
        bounds: event.bounds,
        uiStateBefore: snapshotOf(event),
      });
    } else if (event.type === "scroll") {
      dropped.push(`seq ${event.seq}: scroll event dropped (not extracted in v1)`);
    }
  }
  const warnings = [...recording.warnings, ...dropped];
  return {
    sessionId: recording.header.sessionId,
    schemaVersion: recording.header.schemaVersion,
    steps,
    ...(warnings.length ? { _warnings: warnings } : {}),
  };
}

/** Text from a device shown on a terminal: control characters (escape sequences among them) as `\uXXXX`. */
const printable = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must not reach the terminal
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The reference's stderr summary: `[<seq>] <type padded to 10> <details>`, one line per step. */
export function summaryLines(log: RecordingStepLog<unknown>): string[] {
  return log.steps.map((step) => {
    let details: string;
    if (step.type === "open_app") details = step.packageName;
    else {
      const parts = [
        ...(step.text ? [`text="${step.text}"`] : []),
        ...(step.resourceId ? [`resourceId=${step.resourceId}`] : []),
        ...(step.contentDesc ? [`contentDesc="${step.contentDesc}"`] : []),
      ];
      details = parts.length ? parts.join(" ") : "(no selector)";
    }
    return printable(`[${step.seq}] ${step.type.padEnd(10)} ${details}`);
  });
}
