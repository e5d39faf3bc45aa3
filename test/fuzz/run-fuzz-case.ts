import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { isErrorCode } from "../../core/contracts/error-codes.ts";
import { main } from "../../cli/main.ts";
import { spawnCli, STACK_FRAME } from "../helpers/run-cli.ts";
import type { FuzzInput } from "./execution-arbitraries.ts";

export interface FuzzOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
  hung: boolean;
  ms: number;
}

/** How long one case may take before it counts as a hang. */
export const HANG_MS = 15_000;

/** The argv a case is run with; a file case's bytes are written to `dir` first. */
export function argvOf(input: FuzzInput, dir: string, configPath: string): string[] {
  let execution: string;
  if (input.channel === "inline") execution = input.text;
  else {
    execution = join(dir, "payload.json");
    writeFileSync(execution, input.bytes);
  }
  return ["execute", "--validate-only", "--execution", execution, "--config", configPath, ...input.flags];
}

/**
 * Runs one case in this process through the CLI's own entry (`main`: global flags, command resolution, the
 * execute handler, validation, output and exit code), with stdout and stderr captured.
 */
export async function runInProcess(argv: string[]): Promise<FuzzOutcome> {
  const out: string[] = [];
  const err: string[] = [];
  const write = { out: process.stdout.write, err: process.stderr.write };
  process.stdout.write = ((chunk: string | Uint8Array) => out.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => err.push(String(chunk)) > 0) as typeof process.stderr.write;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const hang = new Promise<"hang">((resolve) => (timer = setTimeout(() => resolve("hang"), HANG_MS)));
    const result = await Promise.race([main(argv), hang]);
    return {
      exitCode: result === "hang" ? -1 : result,
      stdout: out.join(""),
      stderr: err.join(""),
      hung: result === "hang",
      ms: performance.now() - started,
    };
  } finally {
    clearTimeout(timer);
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
}

/** Runs one case through the built CLI binary, as an agent's process would. */
export async function runCliProcess(argv: string[], env: Record<string, string>): Promise<FuzzOutcome> {
  const started = performance.now();
  const result = await spawnCli(argv, { cwd: process.cwd(), env, timeoutMs: HANG_MS });
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    hung: result.timedOut === true,
    ms: performance.now() - started,
  };
}

/**
 * What every case must end in: exactly one JSON object on stdout and no stack trace anywhere; exit 0 only for a
 * valid execution (`ok: true, validated: true`), otherwise exit 1 with a catalogue code other than INTERNAL_ERROR.
 * Returns what is wrong, or undefined.
 */
export function judge(outcome: FuzzOutcome): string | undefined {
  if (outcome.hung) return `no answer within ${HANG_MS} ms`;
  if (STACK_FRAME.test(outcome.stdout) || STACK_FRAME.test(outcome.stderr)) return "a stack trace was printed";
  let parsed: unknown;
  try {
    parsed = JSON.parse(outcome.stdout);
  } catch {
    return `stdout is not one JSON document: ${outcome.stdout.slice(0, 200)}`;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return "stdout is not a JSON object";
  const body = parsed as Record<string, unknown>;
  if (outcome.exitCode === 0)
    return body.ok === true && body.validated === true ? undefined : "exit 0 without a validated execution";
  if (outcome.exitCode !== 1) return `exit code ${outcome.exitCode}`;
  if (!isErrorCode(body.code)) return `"${body.code}" is not a catalogue code`;
  if (body.code === "INTERNAL_ERROR") return `INTERNAL_ERROR: ${body.message}`;
  if (typeof body.message !== "string" || body.message === "") return "an error without a message";
  return undefined;
}
