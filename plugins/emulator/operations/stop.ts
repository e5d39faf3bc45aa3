import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkAvdName, describeAvd, notFound, runningEmulators } from "../catalog.ts";
import type { EmulatorContext } from "../emulator-context.ts";
import { waitForGone } from "../waits.ts";

export interface StoppedEmulator {
  type: "emulator";
  avdName: string;
  serial: string;
  stopped: true;
}

/** `emulator stop <name>`: `emu kill` on its console, then waits until adb no longer lists it. */
export async function stopAvd(ctx: EmulatorContext, name: string): Promise<StoppedEmulator> {
  checkAvdName(name);
  const running = (await runningEmulators(ctx)).find((r) => r.avdName === name);
  if (!running) {
    if (!describeAvd(ctx, name, new Set()).exists) throw notFound(ctx, name);
    throw new ClawperatorError("EMULATOR_NOT_RUNNING", `AVD "${name}" is not running`, {
      hint: "See running emulators with `clawperator emulator status`.",
      details: { name },
    });
  }
  const { serial } = running;
  ctx.progress.phase(`stopping ${name} (${serial})`);
  try {
    await ctx.adb.kill(serial);
  } catch (error) {
    throw new ClawperatorError(
      "EMULATOR_STOP_FAILED",
      `could not stop ${serial} (${name}): ${(error as Error).message}`,
      {
        hint: "The emulator console refused or did not answer; close the emulator window or kill its process.",
        details: { name, serial },
      },
    );
  }
  if (!(await waitForGone(ctx, serial, ctx.stopTimeoutMs))) {
    throw new ClawperatorError(
      "EMULATOR_STOP_FAILED",
      `${serial} (${name}) accepted the kill request but adb still lists it after ${ctx.stopTimeoutMs} ms`,
      {
        details: { name, serial, stopTimeoutMs: ctx.stopTimeoutMs },
      },
    );
  }
  ctx.progress.phase(`${serial} stopped`);
  return { type: "emulator", avdName: name, serial, stopped: true };
}
