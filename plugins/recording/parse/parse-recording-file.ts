import { closeSync, fstatSync, openSync, statSync } from "node:fs";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { readFileBounded, type BoundedRead } from "../../../core/host/read-bounded.ts";
import { writePrivateFileWith } from "../files/private-files.ts";
import { MAX_RECORDING_BYTES } from "../recording-paths.ts";
import { normalizeV1, type RecordingStepLog } from "./normalize-v1.ts";
import { type RecordingEvent, scanRecording } from "./recording-events.ts";
import { lineAt, linesOfFile, type RecordingLine } from "./recording-lines.ts";
import { writeStepLog } from "./write-step-log.ts";

/** What `record parse` prints on stdout (docs/recording.md#record-parse); `warnings` only when there are some. */
export interface ParseOutcome {
  ok: true;
  outputFile: string;
  stepCount: number;
  warnings?: string[];
}

const cannotRead = (path: string, why: string) =>
  new ClawperatorError("RECORDING_PARSE_FAILED", `Cannot read recording file ${path}: ${why}`, {
    details: { input: path },
  });

/** A local file's text for a recording reader: a regular file, no larger than a recording may be. */
export function readRecordingText(path: string): string {
  let read: BoundedRead;
  try {
    if (!statSync(path).isFile()) throw cannotRead(path, "not a regular file");
    read = readFileBounded(path, MAX_RECORDING_BYTES);
  } catch (error) {
    if (error instanceof ClawperatorError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw cannotRead(path, code === "ENOENT" ? "no such file" : (code ?? (error as Error).message));
  }
  // A regular file (checked above) is refused from its size, so the size is known.
  if ("tooLarge" in read) throw cannotRead(path, `it is ${read.size} bytes, over the limit of ${MAX_RECORDING_BYTES}`);
  return read.bytes.toString("utf8");
}

/** The reference's default: `.ndjson` replaced by `.steps.json`, else `.steps.json` appended. */
export const defaultStepsPath = (input: string) =>
  input.endsWith(".ndjson") ? `${input.slice(0, -".ndjson".length)}.steps.json` : `${input}.steps.json`;

/** Where a kept event's snapshot is: its line in the file, read again when its step is written. */
type SnapshotAt = Pick<RecordingLine, "offset" | "length"> | null;

/**
 * `record parse`: the recording at `input` as the reference's step log, written (2-space JSON, no trailing
 * newline, private) to `out` or beside the input. Returns the stdout object and the log (for the stderr summary).
 * The file is streamed: its lines are read once to validate them and keep each event without its snapshot, and
 * each step's snapshot is read again from its line as the step is written, so memory holds the largest line and
 * the events' small fields, never the file or its snapshots.
 */
export function parseRecordingFile(
  input: string,
  out?: string,
): { outcome: ParseOutcome; log: RecordingStepLog<unknown> } {
  return withRecording(input, (fd) => {
    const events: RecordingEvent[] = [];
    const lines = new Map<RecordingEvent, SnapshotAt>();
    const scanned = scanRecording(linesOfFile(fd), (event, line) => {
      // What the v1 step log has no use for (typing, Back) is not kept.
      if (event.type !== "window_change" && event.type !== "click" && event.type !== "scroll") return;
      const light = { ...event, snapshot: null };
      events.push(light);
      if (event.snapshot !== null) lines.set(light, { offset: line.offset, length: line.length });
    });
    const log = normalizeV1({ ...scanned, events }, (event): SnapshotAt => lines.get(event) ?? null);
    const snapshotAt = (at: SnapshotAt) =>
      at === null ? null : ((JSON.parse(lineAt(fd, at)) as { snapshot: string }).snapshot ?? null);
    const outputFile = out ?? defaultStepsPath(input);
    try {
      writePrivateFileWith(outputFile, (append) => writeStepLog(log, snapshotAt, append));
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new ClawperatorError("RECORDING_PARSE_FAILED", `Cannot write the step log ${outputFile}: ${why}`, {
        details: { outputFile },
      });
    }
    const outcome: ParseOutcome = {
      ok: true,
      outputFile,
      stepCount: log.steps.length,
      ...(log._warnings ? { warnings: log._warnings } : {}),
    };
    return { outcome, log };
  });
}

/** Runs `use` on the recording file open for reading: a regular file, no larger than a recording may be. */
function withRecording<T>(path: string, use: (fd: number) => T): T {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw cannotRead(path, code === "ENOENT" ? "no such file" : (code ?? (error as Error).message));
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw cannotRead(path, "not a regular file");
    if (stat.size > MAX_RECORDING_BYTES)
      throw cannotRead(path, `it is ${stat.size} bytes, over the limit of ${MAX_RECORDING_BYTES}`);
    return use(fd);
  } finally {
    closeSync(fd);
  }
}
