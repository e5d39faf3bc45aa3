import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { runningEmulators } from "../catalog.ts";
import { createEmulatorContext } from "../create-context.ts";

const status = defineCommandHandler({
  run: async (_args, { services }) => ({ devices: await runningEmulators(createEmulatorContext(services)) }),
  pretty(result) {
    const { devices } = result;
    if (devices.length === 0) return "no emulators are running";
    return devices
      .map(
        (d) =>
          `${d.serial.padEnd(16)} ${(d.avdName ?? "(unknown AVD)").padEnd(24)} ` +
          `${d.booted ? "booted" : "booting"}${d.supported ? "" : "  unsupported"}`,
      )
      .join("\n");
  },
});

export default status;
