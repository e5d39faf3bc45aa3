import { execa } from "execa";
import { guardGroup, signalGroup } from "../../../core/host/process-group.ts";
import { OutputTail } from "../run/output-tail.ts";

/** What an installer may print and be kept of it, per stream (the last bytes). */
export const MAX_INSTALL_OUTPUT_BYTES = 65_536;

export interface InstallerRun {
  /** undefined: it did not start (see `notFound`), or it was killed. */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  truncated?: { stdout?: number; stderr?: number };
  timedOut: boolean;
  aborted: boolean;
  notFound: boolean;
  startError?: string;
}

/**
 * Runs one installer (`brew`, `npm`, `go`, `uv`, `tar`) through execa in a process group of its own: no terminal
 * to prompt on, every line to `onLine` as it comes, each stream capped to its last bytes, and the whole group
 * killed at the time limit or when `signal` aborts.
 */
export async function runInstaller(
  argv: readonly string[],
  options: {
    timeoutMs: number;
    /** The environment the installer starts from (the runtime's); `env` is laid over it. */
    baseEnv: NodeJS.ProcessEnv;
    env?: Record<string, string>;
    cwd?: string;
    onLine?: (line: string) => void;
    signal?: AbortSignal;
    maxBytes?: number;
  },
): Promise<InstallerRun> {
  const [file, ...args] = argv as [string, ...string[]];
  const { child, release } = guardGroup(() =>
    execa(file, args, {
      reject: false,
      stdin: "ignore",
      detached: true,
      buffer: false,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      extendEnv: false,
      env: { ...options.baseEnv, CI: "1", NO_COLOR: "1", ...options.env },
    }),
  );
  const tails = {
    stdout: new OutputTail("stdout", options.maxBytes ?? MAX_INSTALL_OUTPUT_BYTES),
    stderr: new OutputTail("stderr", options.maxBytes ?? MAX_INSTALL_OUTPUT_BYTES),
  };
  let partial = "";
  const lines = (chunk: Buffer) => {
    if (!options.onLine) return;
    const text = partial + chunk.toString("utf8");
    const parts = text.split(/\r?\n|\r/);
    partial = parts.pop() ?? "";
    for (const line of parts) if (line.trim()) options.onLine(line.trimEnd());
  };
  for (const stream of ["stdout", "stderr"] as const) {
    child[stream]?.on("data", (chunk: Buffer) => {
      tails[stream].push(chunk);
      lines(chunk);
    });
  }
  let timedOut = false;
  let aborted = false;
  const kill = () => {
    if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
  const onAbort = () => {
    aborted = true;
    kill();
  };
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const result = await child;
  clearTimeout(timer);
  options.signal?.removeEventListener("abort", onAbort);
  release();
  if (partial.trim()) options.onLine?.(partial.trimEnd());
  const cause = result.cause as NodeJS.ErrnoException | undefined;
  const truncated = {
    ...(tails.stdout.dropped ? { stdout: tails.stdout.dropped } : {}),
    ...(tails.stderr.dropped ? { stderr: tails.stderr.dropped } : {}),
  };
  return {
    exitCode: timedOut || aborted ? undefined : result.exitCode,
    stdout: tails.stdout.text().trim(),
    stderr: tails.stderr.text().trim(),
    ...(Object.keys(truncated).length ? { truncated } : {}),
    timedOut,
    aborted,
    notFound: cause?.code === "ENOENT",
    ...(result.exitCode === undefined && cause && !timedOut && !aborted ? { startError: cause.message } : {}),
  };
}
