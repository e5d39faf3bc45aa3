import { spawn } from "node:child_process";

export interface ScriptResult {
  stdout: string;
  stderr: string;
  /** Undefined when the process could not start (then `spawnError` says why) or was killed by a signal. */
  exitCode: number | undefined;
  timedOut: boolean;
  spawnError?: NodeJS.ErrnoException;
}

/**
 * Runs a skill script, collecting and forwarding its output, killed (SIGTERM, then SIGKILL 2 s later) when
 * `timeoutMs` passes or `signal` aborts. node:child_process rather than execa on this one path: loading execa
 * costs ~50 ms of CPU per `skills run`, the whole overhead budget the issue gives the wrapper (bench/RESULTS.md).
 */
export function spawnScript(
  file: string,
  args: readonly string[],
  options: {
    env: NodeJS.ProcessEnv;
    timeoutMs: number;
    signal?: AbortSignal;
    onOutput?: (chunk: string, stream: "stdout" | "stderr") => void;
  },
): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    const result: ScriptResult = { stdout: "", stderr: "", exitCode: undefined, timedOut: false };
    let killTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      child.kill("SIGTERM");
      killTimer = setTimeout(() => child.kill("SIGKILL"), 2_000);
      killTimer.unref();
    };
    const timer = setTimeout(() => {
      result.timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = () => stop();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      result.stdout += chunk;
      options.onOutput?.(chunk, "stdout");
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      result.stderr += chunk;
      options.onOutput?.(chunk, "stderr");
    });
    const finish = () => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve(result);
    };
    child.on("error", (error) => {
      result.spawnError = error;
      finish();
    });
    child.on("close", (code) => {
      if (result.spawnError) return;
      result.exitCode = code ?? undefined;
      finish();
    });
  });
}
