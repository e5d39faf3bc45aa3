import type { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { exitCodeOf } from "../core/contracts/error-codes.ts";

export type OutputMode = "json" | "pretty";

/** A generic readable rendering for results whose command has no pretty renderer. */
function prettyValue(value: unknown, indent = ""): string {
  if (value === null || typeof value !== "object") return `${String(value)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return "(none)";
    return value.map((item) => `${indent}- ${prettyValue(item, `${indent}  `).trimStart()}`).join("\n");
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) =>
      v !== null && typeof v === "object"
        ? `${indent}${key}:\n${prettyValue(v, `${indent}  `)}`
        : `${indent}${key}: ${String(v)}`,
    )
    .join("\n");
}

export function printResult(result: unknown, mode: OutputMode, pretty?: (result: unknown) => string): void {
  const text = mode === "json" ? JSON.stringify(result, null, 2) : (pretty?.(result) ?? prettyValue(result));
  process.stdout.write(`${text}\n`);
}

/**
 * Prints the error where the call's answer goes, as JSON or readable text like any result: stdout, or `out` when
 * stdout is not the call's to write (an MCP session's protocol stream). Returns the exit code.
 */
export function printError(
  error: ClawperatorError,
  mode: OutputMode,
  verbose: boolean,
  out: NodeJS.WriteStream = process.stdout,
): number {
  if (mode === "json") {
    out.write(`${JSON.stringify(error.toJSON(), null, 2)}\n`);
  } else {
    const lines = [`error ${error.code}: ${error.message}`];
    if (error.hint) lines.push(`hint: ${error.hint}`);
    if (error.details) lines.push(prettyValue(error.details, "  "));
    out.write(`${lines.join("\n")}\n`);
  }
  if (verbose && error.code === "INTERNAL_ERROR") {
    const cause = error.cause;
    process.stderr.write(`${cause instanceof Error ? cause.stack : String(cause)}\n`);
  }
  return exitCodeOf(error.code);
}
