import { spawn } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import { guardGroup, signalGroup } from "../../../core/host/process-group.ts";
import { OutputTail } from "./output-tail.ts";

/** How long a group that was sent SIGTERM (or the caller's signal) has before SIGKILL. */
const KILL_AFTER_MS = 2_000;
/** How long the output pipes may stay open after the script exited: its last words, then they are abandoned. */
export const OUTPUT_GRACE_MS = 2_000;

export interface ScriptResult {
  stdout: OutputTail;
  stderr: OutputTail;
  /** Undefined when the process could not start (then `spawnError` says why) or was killed by a signal. */
  exitCode: number | undefined;
  timedOut: boolean;
  spawnError?: NodeJS.ErrnoException;
  /** What outlived the script: processes left in its group, or an escaped one still holding its output. */
  warnings: string[];
}

export interface ScriptOptions {
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** The bytes of each stream kept for the result (the last ones). */
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** Every chunk as it arrives, decoded (live output, frame scanning): nothing is dropped here. */
  onOutput?: (chunk: string, stream: "stdout" | "stderr") => void;
}

/**
 * Runs a skill script in a process group of its own, so whatever it starts ends with it: the group is signalled at
 * the timeout or abort (SIGTERM, then SIGKILL) and again when the script exits, and the output is read until it is
 * drained or OUTPUT_GRACE_MS after the exit (a child that left the group with setsid can hold the pipes for ever).
 * node:child_process rather than execa on this one path: loading execa would be the
 * wrapper's whole overhead budget on every `skills run` (bench/RESULTS.md).
 */
export function spawnScript(file: string, args: readonly string[], options: ScriptOptions): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const { child, release } = guardGroup(
      () => spawn(file, args, { env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true }),
      // Not `killLater` itself: it is defined below, once the group's id is known.
      () => killLater(),
    );
    const result: ScriptResult = {
      stdout: new OutputTail("stdout", options.maxOutputBytes),
      stderr: new OutputTail("stderr", options.maxOutputBytes),
      exitCode: undefined,
      timedOut: false,
      warnings: [],
    };
    const pgid = child.pid;
    let killTimer: NodeJS.Timeout | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let exited = false;
    let finished = false;

    const killLater = () => {
      if (pgid !== undefined && !exited) killTimer ??= setTimeout(() => signalGroup(pgid, "SIGKILL"), KILL_AFTER_MS);
    };
    const stop = () => {
      if (pgid !== undefined && !exited) signalGroup(pgid, "SIGTERM");
      killLater();
    };
    const timer = setTimeout(() => {
      result.timedOut = true;
      stop();
    }, options.timeoutMs);
    options.signal?.addEventListener("abort", stop, { once: true });

    for (const stream of ["stdout", "stderr"] as const) {
      const decoder = new StringDecoder("utf8");
      child[stream].on("data", (chunk: Buffer) => {
        result[stream].push(chunk);
        options.onOutput?.(decoder.write(chunk), stream);
      });
    }

    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      clearTimeout(graceTimer);
      options.signal?.removeEventListener("abort", stop);
      // Whatever of the group outlived the grace period, having had SIGTERM at the script's exit, gets no more time.
      if (pgid !== undefined) signalGroup(pgid, "SIGKILL");
      release();
      resolve(result);
    };

    child.on("error", (error) => {
      result.spawnError = error;
      exited = true;
      finish();
    });
    child.on("exit", (code) => {
      exited = true;
      result.exitCode = code ?? undefined;
      clearTimeout(timer);
      clearTimeout(killTimer);
      if (pgid !== undefined && signalGroup(pgid, "SIGTERM"))
        result.warnings.push("The script exited and left processes running in its group; they were stopped.");
      graceTimer = setTimeout(() => {
        if (pgid !== undefined && signalGroup(pgid, 0))
          result.warnings.push(`Processes of the script's group ignored SIGTERM for ${OUTPUT_GRACE_MS} ms; killed.`);
        else
          result.warnings.push(
            `A process that left the script's group still held the script's output ${OUTPUT_GRACE_MS} ms after it ` +
              "exited; stopped reading it there.",
          );
        child.stdout.destroy();
        child.stderr.destroy();
        finish();
      }, OUTPUT_GRACE_MS);
    });
    child.on("close", finish);
  });
}
