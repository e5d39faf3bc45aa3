import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkAvdName, describeAvd, notFound, runningEmulators } from "../catalog.ts";
import type { EmulatorContext } from "../emulator-context.ts";
import type { BootTimeouts, EmulatorAvd, EmulatorDevice } from "../types.ts";
import { launchAndBoot } from "./launch.ts";

export function unsupported(avd: EmulatorAvd): ClawperatorError {
  return new ClawperatorError(
    "EMULATOR_UNSUPPORTED",
    `AVD "${avd.name}" does not satisfy Clawperator's emulator profile: ${avd.unsupportedReasons.join(", ")}`,
    {
      hint:
        "Inspect it with `clawperator emulator inspect <name>`; `clawperator emulator create` makes a supported " +
        "one (under another --name if this one is taken).",
      details: {
        name: avd.name,
        unsupportedReasons: avd.unsupportedReasons,
        apiLevel: avd.apiLevel,
        abi: avd.abi,
        playStore: avd.playStore,
        deviceProfile: avd.deviceProfile,
      },
    },
  );
}

/** `emulator start <name>`: an existing, supported, stopped AVD, booted. */
export async function startAvd(ctx: EmulatorContext, name: string, timeouts: BootTimeouts): Promise<EmulatorDevice> {
  checkAvdName(name);
  ctx.tools.path("emulator");
  const running = await runningEmulators(ctx);
  const avd = describeAvd(ctx, name, new Set(running.map((r) => r.avdName).filter((n): n is string => n !== null)));
  if (!avd.exists) throw notFound(ctx, name);
  if (avd.running) {
    const serial = running.find((r) => r.avdName === name)?.serial;
    throw new ClawperatorError("EMULATOR_ALREADY_RUNNING", `AVD "${name}" is already running as ${serial}`, {
      hint: "Use it as it is (`clawperator emulator status`), or stop it first with `clawperator emulator stop`.",
      details: { name, serial },
    });
  }
  if (!avd.supported) throw unsupported(avd);
  return launchAndBoot(ctx, name, timeouts);
}
