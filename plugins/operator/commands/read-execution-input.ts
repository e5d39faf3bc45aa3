import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

const invalid = (message: string, hint?: string) =>
  new ClawperatorError("EXECUTION_VALIDATION_FAILED", message, { details: { path: "" }, ...(hint ? { hint } : {}) });

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A file's or stdin's bytes as text; invalid UTF-8 is refused rather than silently turned into U+FFFD. */
function decode(bytes: Buffer, source: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw invalid(
      `${source} is not valid UTF-8`,
      "Save the execution as UTF-8 text; invalid bytes would reach the device as U+FFFD.",
    );
  }
}

/**
 * All of stdin, through `process.stdin` rather than fd 0: the CLI's warm runtime gives each call the stdin of its
 * client there, and its own fd 0 is no client's.
 */
async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** `--execution` takes inline JSON, a path to a JSON file, or `-` for stdin. */
export async function readExecutionInput(value: string, cwd = process.cwd()): Promise<unknown> {
  const trimmed = value.trim();
  let text = trimmed;
  let source = "--execution";
  if (trimmed === "-") {
    text = decode(await readStdin(), "stdin");
    source = "stdin";
  } else if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
    const file = resolve(cwd, trimmed);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      throw invalid(
        `--execution: no such file ${file}`,
        "Pass the execution as inline JSON or as a path to a JSON file.",
      );
    }
    text = decode(bytes, file);
    source = file;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalid(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * `skills compile-artifact` prints `{ execution }` (as the reference CLI does), so its output piped into
 * `execute --execution -` is taken as the execution inside. Anything else is the execution itself.
 */
export function unwrapCompiled(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const { execution, ...rest } = input as Record<string, unknown>;
  const wrapped = typeof execution === "object" && execution !== null && !Array.isArray(execution);
  return wrapped && Object.keys(rest).every((key) => key === "ok") ? execution : input;
}
