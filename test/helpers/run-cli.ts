import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { execa } from "execa";
import { afterAll, beforeAll } from "vitest";
import { CLI_BIN } from "./cli-paths.ts";
import { tempDirs } from "./temp-dirs.ts";

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Runs the built CLI as a user would, isolated from this machine: a temp HOME, no inherited CLAWPERATOR_*
 * variables, and a private adb server port so a command that touched adb could never reach the shared server.
 * Call at the top level of a test file; the sandbox is ready in beforeAll and cleaned in afterAll.
 */
export function cliSandbox(): CliSandbox {
  const makeDir = tempDirs("clawperator-cli-");
  let home = "";
  let project = "";
  let adbPort = 0;

  beforeAll(async () => {
    if (!existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: run \`npm run build\` (test/helpers/build-cli.ts does it as globalSetup)`);
    [home, project, adbPort] = await Promise.all([makeDir(), makeDir(), freePort()]);
  });
  afterAll(async () => {
    // Nothing here should start an adb server; if something did, it is ours to stop (never the default port).
    if (adbPort) await execa("adb", ["-P", String(adbPort), "kill-server"], { reject: false, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home }, extendEnv: false });
  });

  return {
    get project() {
      return project;
    },
    async run(args, options = {}) {
      const result = await execa(process.execPath, [CLI_BIN, ...args], {
        cwd: options.cwd ?? project,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TMPDIR: home, ANDROID_ADB_SERVER_PORT: String(adbPort), ...options.env },
        extendEnv: false,
        reject: false,
        timeout: 20_000,
        ...(options.input === undefined ? { stdin: "ignore" as const } : { input: options.input }),
      });
      return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
    },
  };
}

/** Parses the CLI's stdout, which in json mode must be exactly one JSON document. */
export function json<T = Record<string, any>>(result: CliResult): T {
  return JSON.parse(result.stdout) as T;
}

/** A JavaScript stack frame ("    at fn (file:1:2)"), which must never reach a user. */
export const STACK_FRAME = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>)$/m;
