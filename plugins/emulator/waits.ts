import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import type { EmulatorContext } from "./emulator-context.ts";
import type { LaunchedEmulator } from "./launcher.ts";

/**
 * Waits until adb lists an emulator whose console names `avdName` (the registration). EMULATOR_START_FAILED when the
 * process exits first or the time runs out; the process is stopped then, so a failed start leaves nothing behind.
 */
export async function waitForRegistration(
  ctx: EmulatorContext,
  avdName: string,
  child: LaunchedEmulator,
  timeoutMs: number,
): Promise<string> {
  const deadline = ctx.clock.now() + timeoutMs;
  // Serials already named: another AVD's emulator keeps its name while it runs, so it is asked once.
  const known = new Map<string, string>();
  for (;;) {
    for (const { serial } of await ctx.adb.listEmulators()) {
      let name = known.get(serial);
      if (name === undefined) {
        name = await ctx.adb.avdName(serial);
        if (name !== undefined) known.set(serial, name);
      }
      if (name === avdName) return serial;
    }
    if (child.exited()) {
      throw new ClawperatorError(
        "EMULATOR_START_FAILED",
        `the emulator for "${avdName}" exited (code ${child.exitCode() ?? "unknown"}) before it registered with adb`,
        {
          hint: `See its output in ${child.log}.`,
          details: { avdName, exitCode: child.exitCode() ?? null, log: child.log, output: child.logTail() },
        },
      );
    }
    if (ctx.clock.now() >= deadline) {
      child.kill();
      throw new ClawperatorError(
        "EMULATOR_START_FAILED",
        `the emulator for "${avdName}" did not register with adb within ${timeoutMs} ms`,
        {
          hint:
            `The emulator process was stopped. See its output in ${child.log}; a slow host may need a longer ` +
            `--registration-timeout-ms.`,
          details: { avdName, registrationTimeoutMs: timeoutMs, log: child.log, output: child.logTail() },
        },
      );
    }
    ctx.progress.waiting(`waiting for ${avdName} to register with adb`);
    await ctx.clock.sleep(ctx.pollMs);
  }
}

/** Waits until `sys.boot_completed` and `dev.bootcomplete` are both 1; EMULATOR_BOOT_TIMEOUT after `timeoutMs`. */
export async function waitForBoot(
  ctx: EmulatorContext,
  serial: string,
  avdName: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = ctx.clock.now() + timeoutMs;
  for (;;) {
    if (await ctx.adb.bootCompleted(serial)) return;
    if (ctx.clock.now() >= deadline) {
      throw new ClawperatorError(
        "EMULATOR_BOOT_TIMEOUT",
        `${serial} (${avdName}) registered with adb but Android did not finish booting within ${timeoutMs} ms`,
        {
          hint:
            `It is still running: check \`clawperator emulator status\`, allow more with --boot-timeout-ms, or ` +
            `stop it with \`clawperator emulator stop ${avdName}\`.`,
          details: { avdName, serial, bootTimeoutMs: timeoutMs },
        },
      );
    }
    ctx.progress.waiting(`waiting for Android to boot on ${serial}`);
    await ctx.clock.sleep(ctx.pollMs);
  }
}

/** Waits until adb no longer lists `serial`; false when it still does after `timeoutMs`. */
export async function waitForGone(ctx: EmulatorContext, serial: string, timeoutMs: number): Promise<boolean> {
  const deadline = ctx.clock.now() + timeoutMs;
  for (;;) {
    if (!(await ctx.adb.listEmulators()).some((e) => e.serial === serial)) return true;
    if (ctx.clock.now() >= deadline) return false;
    await ctx.clock.sleep(ctx.pollMs);
  }
}
