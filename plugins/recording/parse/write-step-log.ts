import type { RecordingStepLog } from "./normalize-v1.ts";

/** `JSON.stringify(value, null, 2)` placed at `depth` levels of two spaces: its lines after the first indented. */
const nested = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replaceAll("\n", `\n${"  ".repeat(depth)}`);

/**
 * A step log written as `JSON.stringify(log, null, 2)` writes it, byte for byte, a step at a time, each step's
 * snapshot read (`snapshot(ref)`) only when that step is written: the file may be far larger than memory holds.
 */
export function writeStepLog<S>(
  log: RecordingStepLog<S>,
  snapshot: (ref: S) => string | null,
  append: (text: string) => void,
): void {
  append(
    `{\n  "sessionId": ${JSON.stringify(log.sessionId)},\n  "schemaVersion": ${JSON.stringify(log.schemaVersion)},\n`,
  );
  if (log.steps.length === 0) append('  "steps": []');
  else {
    append('  "steps": [\n');
    for (const [i, step] of log.steps.entries()) {
      const written = { ...step, uiStateBefore: snapshot(step.uiStateBefore) };
      append(`${i === 0 ? "" : ",\n"}    ${nested(written, 2)}`);
    }
    append("\n  ]");
  }
  if (log._warnings) append(`,\n  "_warnings": ${nested(log._warnings, 1)}`);
  append("\n}");
}
