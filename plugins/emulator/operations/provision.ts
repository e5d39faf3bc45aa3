import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkAvdName, describeAvd, listAvds, runningEmulators } from "../catalog.ts";
import type { EmulatorContext } from "../emulator-context.ts";
import type { BootTimeouts, ProvisionedEmulator } from "../types.ts";
import { waitForBoot } from "../waits.ts";
import { createAvd } from "./create.ts";
import { launchAndBoot } from "./launch.ts";
import { unsupported } from "./start.ts";

/**
 * `provision emulator`, reuse first (docs/emulators.md#provisioning): a running supported emulator, else a
 * stopped supported AVD (the default name first), else a new AVD with the default profile. Never a duplicate AVD.
 */
export async function provisionEmulator(ctx: EmulatorContext, timeouts: BootTimeouts): Promise<ProvisionedEmulator> {
  checkAvdName(ctx.profile.avdName);
  const release = await provisioningLock(ctx, timeouts);
  try {
    return await provisionLocked(ctx, timeouts);
  } finally {
    release();
  }
}

/**
 * One provisioning at a time on this host (two CLIs, or the CLI beside serve): the second waits, then finds the
 * first one's emulator and reuses it instead of creating a second AVD or starting the same one twice.
 */
async function provisioningLock(ctx: EmulatorContext, timeouts: BootTimeouts): Promise<() => void> {
  const key = `emulator-provision:${ctx.avdHome}`;
  const deadline = ctx.clock.now() + timeouts.registrationTimeoutMs + timeouts.bootTimeoutMs;
  for (;;) {
    const release = ctx.tryLock(key);
    if (release) return release;
    if (ctx.clock.now() >= deadline) {
      throw new ClawperatorError(
        "EMULATOR_START_FAILED",
        "another `provision emulator` on this host did not finish in time",
        {
          hint: "Check `clawperator emulator status`; the other provisioning may still be booting its emulator.",
          details: { avdHome: ctx.avdHome },
        },
      );
    }
    ctx.progress.waiting("waiting for another provisioning on this host to finish");
    await ctx.clock.sleep(ctx.pollMs);
  }
}

async function provisionLocked(ctx: EmulatorContext, timeouts: BootTimeouts): Promise<ProvisionedEmulator> {
  ctx.progress.phase("looking for a running supported emulator");
  const running = (await runningEmulators(ctx)).filter((r) => r.supported && r.avdName !== null);
  const reuse = running.find((r) => r.booted) ?? running[0];
  if (reuse) {
    // Started by someone else and still booting: it is still the one to reuse.
    if (!reuse.booted) await waitForBoot(ctx, reuse.serial, reuse.avdName!, timeouts.bootTimeoutMs);
    ctx.progress.phase(`reusing ${reuse.serial} (${reuse.avdName})`);
    return {
      type: "emulator",
      avdName: reuse.avdName!,
      serial: reuse.serial,
      booted: true,
      created: false,
      started: false,
      reused: true,
    };
  }

  ctx.progress.phase("looking for a stopped supported AVD");
  const stopped = (await listAvds(ctx)).filter((avd) => avd.supported && !avd.running);
  const pick = stopped.find((avd) => avd.name === ctx.profile.avdName) ?? stopped[0];
  if (pick) {
    const device = await launchAndBoot(ctx, pick.name, timeouts);
    return { ...device, created: false, started: true, reused: false };
  }

  // The default name is taken by an AVD that does not fit: replacing it would destroy someone's AVD.
  const taken = describeAvd(ctx, ctx.profile.avdName, new Set());
  if (taken.exists) throw unsupported(taken);
  ctx.progress.phase(`no supported AVD: creating ${ctx.profile.avdName}`);
  await createAvd(ctx, {});
  const device = await launchAndBoot(ctx, ctx.profile.avdName, timeouts);
  return { ...device, created: true, started: true, reused: false };
}
