import type { RunExecutionResult } from "../../core/execution/runner.ts";

const MAX_VALUE = 160;

function shortValue(key: string, value: string): string {
  if (key === "text" && value.startsWith("<?xml")) return `<hierarchy_xml, ${Buffer.byteLength(value)} bytes>`;
  const flat = value.replace(/\s+/g, " ");
  return flat.length > MAX_VALUE ? `${flat.slice(0, MAX_VALUE)}…` : flat;
}

/** A readable summary of one execution result, for `--output pretty`. */
export function renderResult(result: RunExecutionResult): string {
  const { envelope } = result;
  const mark = envelope.status === "success" ? "ok" : "FAILED";
  const lines = [`${mark}  ${envelope.commandId} on ${result.deviceId} (${result.timings.totalMs ?? "?"} ms)`];
  const failure = result.error;
  if (failure) {
    const step = failure.stepId === undefined ? "" : ` at step ${failure.stepId} (${failure.actionType})`;
    lines.push(`  error: ${failure.code}${step}: ${shortValue("message", failure.message)}`);
  } else if (envelope.error) lines.push(`  error: ${envelope.error}`);
  if (envelope.hint) lines.push(`  hint: ${envelope.hint}`);
  envelope.stepResults.forEach((step, index) => {
    lines.push(`  ${index + 1}. ${step.id} ${step.actionType}: ${step.success ? "ok" : "failed"}`);
    for (const [key, data] of Object.entries(step.data)) lines.push(`       ${key}: ${shortValue(key, data)}`);
  });
  // The real APK's failed envelope has no step results; its log says how far the command got.
  const logged = result.stepsFromDeviceLog;
  if (logged) {
    lines.push("  steps (from the device log):");
    for (const step of logged.completed) lines.push(`    ${step.id} ${step.actionType}: ok`);
    if (logged.failed) {
      const why = [logged.failed.stage, logged.failed.reason].filter(Boolean).join(": ");
      lines.push(
        `    ${logged.failed.id} ${logged.failed.actionType}: failed${why ? ` (${shortValue("reason", why)})` : ""}`,
      );
    }
    if (logged.notStarted.length > 0) lines.push(`    not started: ${logged.notStarted.join(", ")}`);
  }
  return lines.join("\n");
}
