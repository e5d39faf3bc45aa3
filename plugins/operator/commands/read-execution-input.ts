import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

const invalid = (message: string, hint?: string) =>
  new ClawperatorError("EXECUTION_VALIDATION_FAILED", message, { details: { path: "" }, ...(hint ? { hint } : {}) });

/** `--execution` takes inline JSON, a path to a JSON file, or `-` for stdin. */
export function readExecutionInput(value: string, cwd = process.cwd()): unknown {
  const trimmed = value.trim();
  let text = trimmed;
  let source = "--execution";
  if (trimmed === "-") {
    text = readFileSync(0, "utf8");
    source = "stdin";
  } else if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
    const file = resolve(cwd, trimmed);
    try {
      text = readFileSync(file, "utf8");
    } catch {
      throw invalid(`--execution: no such file ${file}`, "Pass the execution as inline JSON or as a path to a JSON file.");
    }
    source = file;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalid(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}
