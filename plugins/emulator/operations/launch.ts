import type { EmulatorContext } from "../emulator-context.ts";
import type { BootTimeouts, EmulatorDevice } from "../types.ts";
import { waitForBoot, waitForRegistration } from "../waits.ts";

/** The spec's deterministic boot: no snapshot, no boot animation. */
export const EMULATOR_START_ARGS = ["-no-snapshot-load", "-no-boot-anim"] as const;

/** Starts the AVD detached, waits for adb registration, then for Android to finish booting. */
export async function launchAndBoot(
  ctx: EmulatorContext,
  avdName: string,
  timeouts: BootTimeouts,
): Promise<EmulatorDevice> {
  const emulatorPath = ctx.tools.path("emulator");
  ctx.progress.phase(`starting ${avdName}`);
  const child = await ctx.launcher.launch(emulatorPath, [`@${avdName}`, ...EMULATOR_START_ARGS], avdName);
  const serial = await waitForRegistration(ctx, avdName, child, timeouts.registrationTimeoutMs);
  ctx.progress.phase(`${avdName} registered with adb as ${serial}; waiting for Android to boot`);
  await waitForBoot(ctx, serial, avdName, timeouts.bootTimeoutMs);
  ctx.progress.phase(`${serial} booted`);
  return { type: "emulator", avdName, serial, booted: true };
}
