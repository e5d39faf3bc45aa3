import { statSync } from "node:fs";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { readFileBounded, type BoundedRead } from "../../../core/host/read-bounded.ts";
import { writePrivateFile } from "../files/private-files.ts";
import { MAX_RECORDING_BYTES } from "../recording-paths.ts";
import { normalizeV1, type RecordingStepLog } from "./normalize-v1.ts";
import { readRecording, type RecordingFile } from "./recording-events.ts";

/** What `record parse` prints on stdout (RECORDING.md section 4); `warnings` only when there are some. */
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

/** A recording file from disk, read within MAX_RECORDING_BYTES and validated like the reference. */
export function loadRecording(path: string): RecordingFile {
  return readRecording(readRecordingText(path));
}

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

/**
 * `record parse`: the recording at `input` as the reference's step log, written (2-space JSON, no trailing
 * newline, private) to `out` or beside the input. Returns the stdout object and the log (for the stderr summary).
 */
export function parseRecordingFile(input: string, out?: string): { outcome: ParseOutcome; log: RecordingStepLog } {
  const log = normalizeV1(loadRecording(input));
  const outputFile = out ?? defaultStepsPath(input);
  try {
    writePrivateFile(outputFile, JSON.stringify(log, null, 2));
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
}
