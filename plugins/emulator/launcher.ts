import { createWriteStream, mkdirSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { clawperatorHome } from "../../core/host/clawperator-home.ts";

/** An emulator process this host started, detached so it outlives the command. */
export interface LaunchedEmulator {
  pid: number | undefined;
  /** Whether it has exited (a start that failed before registering). */
  exited(): boolean;
  exitCode(): number | null | undefined;
  /** Stops it (a start that never registered must not leave it behind). */
  kill(): void;
  /** Where its stdout and stderr go. */
  log: string;
  logTail(lines?: number): string;
}

export interface Launcher {
  launch(emulatorPath: string, args: readonly string[], avdName: string): Promise<LaunchedEmulator>;
}

export const emulatorLogDir = (env: NodeJS.ProcessEnv = process.env) => join(clawperatorHome(env), "emulator");

/** Starts `emulator @<name> ...` detached, its output in `~/.clawperator/emulator/<name>.log` (0600, folder 0700). */
export function createLauncher(env: NodeJS.ProcessEnv = process.env): Launcher {
  return {
    async launch(emulatorPath, args, avdName) {
      const dir = emulatorLogDir(env);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const log = join(dir, `${avdName}.log`);
      const { execa } = await import("execa");
      let exit: { code: number | null } | undefined;
      // A stream with a file descriptor is handed to the child as is, not piped through this process, so the
      // emulator keeps logging after this process has exited.
      const out = createWriteStream(log, { fd: openSync(log, "w", 0o600) });
      const child = execa(emulatorPath, [...args], {
        env,
        extendEnv: false,
        detached: true,
        stdin: "ignore",
        stdout: out,
        stderr: out,
        reject: false,
        buffer: false,
      });
      out.close();
      void child.then(
        (result) => (exit = { code: result.exitCode ?? null }),
        () => (exit = { code: null }),
      );
      child.unref();
      return {
        pid: child.pid,
        exited: () => exit !== undefined,
        exitCode: () => exit?.code,
        kill: () => {
          if (exit === undefined) child.kill("SIGTERM");
        },
        log,
        logTail(lines = 10) {
          try {
            return readFileSync(log, "utf8").trim().split(/\r?\n/).slice(-lines).join("\n");
          } catch {
            return "";
          }
        },
      };
    },
  };
}
