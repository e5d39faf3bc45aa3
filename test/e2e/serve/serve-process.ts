import type { ResultPromise } from "execa";
import type { VirtualSession } from "../../helpers/virtual-session.ts";

export interface ServeBanner {
  ok: true;
  listening: string;
  host: string;
  port: number;
  exposure: string;
  auth: "bearer" | "none";
  routes: { method: string; path: string; plugin: string }[];
}

export interface RunningServe {
  readonly url: string;
  readonly banner: ServeBanner;
  readonly pid: number;
  /** fetch relative to the server, JSON body in and out. */
  request<T = unknown>(
    path: string,
    init?: { method?: string; body?: unknown; raw?: string | Buffer; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  /** Sends a signal and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ exitCode: number | undefined; stdout: string; stderr: string }>;
  readonly process: ResultPromise;
}

/**
 * Runs `clawperator serve --port 0` (the built CLI) against the session's adb server and HOME, and resolves once the
 * banner (its first stdout line) says where it listens. A process that exits first rejects with its output.
 */
export async function startServe(
  session: VirtualSession,
  args: readonly string[] = [],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<RunningServe> {
  const subprocess = session.spawn(["serve", "--port", "0", ...args], options);
  let stdout = "";
  const banner = await new Promise<ServeBanner>((resolve, reject) => {
    subprocess.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf("\n");
      if (newline !== -1) resolve(JSON.parse(stdout.slice(0, newline)) as ServeBanner);
    });
    void subprocess.then((result) =>
      reject(new Error(`serve exited (${result.exitCode}) before listening:\n${result.stdout}\n${result.stderr}`)),
    );
  });
  const url = `http://127.0.0.1:${banner.port}`;
  return {
    url,
    banner,
    pid: subprocess.pid!,
    process: subprocess,
    async request<T>(path: string, init: Parameters<RunningServe["request"]>[1] = {}) {
      const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
      const response = await fetch(`${url}${path}`, {
        method: init.method ?? (body === undefined ? "GET" : "POST"),
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the test sees the text
      }
      return { status: response.status, body: parsed as T, headers: response.headers };
    },
    async stop(signal = "SIGTERM") {
      if (subprocess.exitCode === null) subprocess.kill(signal);
      const result = await subprocess;
      return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
    },
  };
}

/** An execution in the agent's input form with a fresh commandId. */
export function anExecution(actions: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    commandId: `serve-e2e-${Math.random().toString(16).slice(2, 10)}`,
    taskId: "serve-e2e",
    source: "serve-tests",
    expectedFormat: "android-ui-automator",
    timeoutMs: 15_000,
    actions,
    ...overrides,
  };
}
