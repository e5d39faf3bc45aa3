import { resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { parseJson } from "../../../core/contracts/json-syntax.ts";
import { LIMITS } from "../../../core/contracts/limits.ts";
import { type BoundedRead, readFileBounded, readStreamBounded } from "../../../core/host/read-bounded.ts";

const invalid = (message: string, hint?: string) =>
  new ClawperatorError("EXECUTION_VALIDATION_FAILED", message, { details: { path: "" }, ...(hint ? { hint } : {}) });

const LIMIT = LIMITS.MAX_EXECUTION_INPUT_BYTES;

const tooLarge = (source: string, size?: number) =>
  new ClawperatorError(
    "PAYLOAD_TOO_LARGE",
    `${source} ${size === undefined ? "holds more than" : `is ${size} bytes, more than`} the ${LIMIT} bytes an execution's input may take; an execution is at most ${LIMITS.MAX_PAYLOAD_BYTES} bytes`,
    {
      hint: "Split the work across several executions.",
      details: { limit: LIMITS.MAX_PAYLOAD_BYTES, inputLimit: LIMIT, ...(size === undefined ? {} : { bytes: size }) },
    },
  );

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Bounded bytes as text; invalid UTF-8 is refused rather than silently turned into U+FFFD. */
function decode(read: BoundedRead, source: string): string {
  if ("tooLarge" in read) throw tooLarge(source, read.size);
  try {
    return utf8.decode(read.bytes);
  } catch {
    throw invalid(
      `${source} is not valid UTF-8`,
      "Save the execution as UTF-8 text; invalid bytes would reach the device as U+FFFD.",
    );
  }
}

/** A file's bytes, never more than the input limit (a device such as /dev/zero or a huge file is refused). */
function readFile(file: string): BoundedRead {
  try {
    return readFileBounded(file, LIMIT);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw invalid(
      code === "ENOENT" ? `--execution: no such file ${file}` : `--execution: ${file} cannot be read (${code})`,
      "Pass the execution as inline JSON or as a path to a JSON file.",
    );
  }
}

/**
 * `--execution` takes inline JSON, a path to a JSON file, or `-` for stdin. A file or stdin is read no further
 * than the input limit, and a parse error names the source and the position, never the text (the path may name
 * any file the user can read).
 */
export async function readExecutionInput(value: string, cwd = process.cwd()): Promise<unknown> {
  const trimmed = value.trim();
  let text = trimmed;
  let source = "--execution";
  if (trimmed === "-") {
    source = "stdin";
    text = decode(await readStreamBounded(process.stdin, LIMIT), source);
  } else if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
    source = resolve(cwd, trimmed);
    text = decode(readFile(source), source);
  } else if (Buffer.byteLength(text) > LIMIT) throw tooLarge(source, Buffer.byteLength(text));
  const parsed = parseJson(text);
  if ("problem" in parsed) throw invalid(`${source} is not valid JSON (${parsed.problem})`);
  return parsed.value;
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
