import { existsSync } from "node:fs";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";

/**
 * DeviceFarmer STF 3.7.9 as `.ci/stf-toolchain` installs it: CI exports its cache directory as
 * CLAWPERATOR_STF_TOOLCHAIN. STF is never a dependency of this project; tests load it from there or skip.
 */
export const STF_TOOLCHAIN = process.env.CLAWPERATOR_STF_TOOLCHAIN;

/** The `@devicefarmer/stf` package folder inside a toolchain, checked so a broken install fails rather than skips. */
export function stfPackage(toolchain: string): string {
  const dir = join(toolchain, "node_modules", "@devicefarmer", "stf");
  if (!existsSync(join(dir, "bin", "stf"))) throw new Error(`no STF in ${toolchain}: run .ci/stf-toolchain`);
  return dir;
}

/** One running `stf <unit>` process: its output lines, waits on them, and a stop that takes its children too. */
export interface StfUnit {
  readonly lines: readonly string[];
  /** Resolves with the first output line matching `pattern`; rejects if the unit exits before one appears. */
  waitForLine(pattern: RegExp): Promise<string>;
  stop(): Promise<void>;
}

export function startStfUnit(stf: string, args: string[], env: Record<string, string>): StfUnit {
  // Its own process group: the provider forks a device worker per device, and stop() must end those as well.
  const child: ResultPromise = execa(process.execPath, ["--no-deprecation", join(stf, "bin", "stf"), ...args], {
    env: { ...env, ALLOW_OUTDATED_DEPENDENCIES: "1" },
    extendEnv: true,
    detached: true,
    reject: false,
    all: true,
    buffer: false,
  });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  let exited = false;
  let pending = "";
  child.all?.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const line of complete) {
      lines.push(line);
      for (const waiter of waiters) if (waiter.pattern.test(line)) waiter.resolve(line);
    }
  });
  const ended = child.then(() => {
    exited = true;
  });
  const exitWaiters = new Set<() => void>();
  void ended.then(() => {
    for (const fail of exitWaiters) fail();
  });

  return {
    lines,
    waitForLine(pattern) {
      const seen = lines.find((line) => pattern.test(line));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { pattern, resolve: (line: string) => finish(() => resolve(line)) };
        const fail = () => finish(() => reject(new Error(`stf ${args[0]} exited before a line matching ${pattern}`)));
        const finish = (settle: () => void) => {
          waiters.delete(waiter);
          exitWaiters.delete(fail);
          settle();
        };
        waiters.add(waiter);
        if (exited) fail();
        else exitWaiters.add(fail);
      });
    },
    async stop() {
      // The whole group even when the unit itself has exited: a worker it forked may still run.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
        }
      }
      await ended;
    },
  };
}
