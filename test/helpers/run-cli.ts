import { existsSync } from "node:fs";
import { execa } from "execa";
import { afterAll, beforeAll } from "vitest";
import { NO_EMULATOR_SCAN } from "./adb-harness.ts";
import { CLI_BIN } from "./cli-paths.ts";
import { freePort } from "./free-port.ts";
import { tempDirs } from "./temp-dirs.ts";

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface CliProcessOptions {
  cwd: string;
  /**
   * The CLI's whole environment besides PATH: nothing of this process's leaks in (no CLAWPERATOR_*). Without an
   * ANDROID_ADB_SERVER_PORT of its own the CLI gets the test file's private adb server (file-adb-server.ts).
   */
  env: Record<string, string>;
  /** Written to the CLI's stdin, then closed; without it stdin is /dev/null, or a pipe with `stdin: "pipe"`. */
  input?: string | Uint8Array;
  stdin?: "pipe";
  /** Kills the CLI after this long (execa's `timeout`; `timedOut` on the result). */
  timeoutMs?: number;
  /** Node's own flags, before the CLI's path (e.g. `--import` of a loader hook). */
  nodeArgs?: readonly string[];
  /** The Node binary to run the CLI with (this one by default). */
  node?: string;
}

/**
 * A command that has not exited by then is stuck (the longest wait a test provokes is a 6 s result timeout): it is
 * killed and the test fails naming it, before the 120 s test timeout would.
 */
const HANG_MS = 90_000;

/** Starts the built CLI (`node dist/cli/bin.cjs`, as `npm install` exposes it) and returns the running process. */
export function spawnCli(args: readonly string[], options: CliProcessOptions) {
  if (!existsSync(CLI_BIN))
    throw new Error(`${CLI_BIN} is missing: run \`npm run build\` (test/helpers/build-cli.ts does it as globalSetup)`);
  // No adb server named: the test file's own (file-adb-server.ts), scanning no emulator ports.
  const adb =
    options.env.ANDROID_ADB_SERVER_PORT === undefined && process.env.CLAWPERATOR_TEST_ADB_PORT
      ? {
          ANDROID_ADB_SERVER_PORT: process.env.CLAWPERATOR_TEST_ADB_PORT,
          ...NO_EMULATOR_SCAN,
        }
      : {};
  return execa(options.node ?? process.execPath, [...(options.nodeArgs ?? []), CLI_BIN, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...adb, ...options.env },
    extendEnv: false,
    reject: false,
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    ...(options.input === undefined ? { stdin: options.stdin ?? ("ignore" as const) } : { input: options.input }),
  });
}

/**
 * Runs the built CLI to its end. Every test that runs the CLI comes through here (or `spawnCli` for a long-running
 * one).
 */
export async function runCli(args: readonly string[], options: CliProcessOptions): Promise<CliResult> {
  const result = await spawnCli(args, { timeoutMs: HANG_MS, ...options });
  if (result.timedOut) {
    throw new Error(
      `\`clawperator ${args.join(" ")}\` did not exit within ${HANG_MS / 1000} s; it printed:\n` +
        `${result.stdout}\n${result.stderr}`,
    );
  }
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** Runs the CLI and parses its stdout, which in json mode must be exactly one JSON document. */
export async function runCliJson<T = unknown>(
  args: readonly string[],
  options: CliProcessOptions,
): Promise<{ exitCode: number; body: T; stderr: string }> {
  const result = await runCli(args, options);
  try {
    return { exitCode: result.exitCode, body: JSON.parse(result.stdout) as T, stderr: result.stderr };
  } catch {
    throw new Error(
      `stdout of \`clawperator ${args.join(" ")}\` is not JSON (exit ${result.exitCode}):\n${result.stdout}\n` +
        `${result.stderr}`,
    );
  }
}

export interface RunOptions {
  /** Working directory; defaults to the sandbox's own empty project folder. */
  cwd?: string;
  /** Written to the CLI's stdin, then closed. */
  input?: string | Uint8Array;
  env?: Record<string, string>;
}

export interface CliSandbox {
  /** An empty temp folder, the default working directory. */
  readonly project: string;
  run(args: readonly string[], options?: RunOptions): Promise<CliResult>;
}

/**
 * Runs the built CLI as a user would, isolated from this machine: a temp HOME, no inherited CLAWPERATOR_*
 * variables, and a private adb server port that scans no emulator ports, so a command that touched adb could never
 * reach the shared server or an emulator another test file runs.
 * Call at the top level of a test file; the sandbox is ready in beforeAll and cleaned in afterAll.
 */
export function cliSandbox(): CliSandbox {
  const makeDir = tempDirs("clawperator-cli-");
  let home = "";
  let project = "";
  let adbPort = 0;

  beforeAll(async () => {
    [home, project, adbPort] = await Promise.all([makeDir(), makeDir(), freePort()]);
  });
  afterAll(async () => {
    // Nothing here should start an adb server; if something did, it is ours to stop (never the default port).
    if (adbPort)
      await execa("adb", ["-P", String(adbPort), "kill-server"], {
        reject: false,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home },
        extendEnv: false,
      });
  });

  return {
    get project() {
      return project;
    },
    run(args, options = {}) {
      return runCli(args, {
        cwd: options.cwd ?? project,
        // A server the CLI starts there scans no emulator ports: other files' emulators never become its device.
        env: {
          HOME: home,
          TMPDIR: home,
          ANDROID_ADB_SERVER_PORT: String(adbPort),
          ...NO_EMULATOR_SCAN,
          ...options.env,
        },
        ...(options.input === undefined ? {} : { input: options.input }),
      });
    },
  };
}

/** Parses the CLI's stdout, which in json mode must be exactly one JSON document. */
export function json<T = unknown>(result: CliResult): T {
  return JSON.parse(result.stdout) as T;
}

/** A JavaScript stack frame ("    at fn (file:1:2)"), which must never reach a user. */
export const STACK_FRAME = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>)$/m;
