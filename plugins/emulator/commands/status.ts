import type { CommandHandler } from "../../../core/kernel/index.ts";
import { runningEmulators } from "../catalog.ts";
import { createEmulatorContext } from "../create-context.ts";
import type { RunningEmulator } from "../types.ts";

const status: CommandHandler = {
  run: async ({ services }) => ({ devices: await runningEmulators(createEmulatorContext(services)) }),
  pretty(result) {
    const { devices } = result as { devices: RunningEmulator[] };
    if (devices.length === 0) return "no emulators are running";
    return devices
      .map(
        (d) =>
          `${d.serial.padEnd(16)} ${(d.avdName ?? "(unknown AVD)").padEnd(24)} ` +
          `${d.booted ? "booted" : "booting"}${d.supported ? "" : "  unsupported"}`,
      )
      .join("\n");
  },
};

export default status;
