import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";

/** `devices`: every device adb sees, in whatever state (docs/cli.md#devices: a JSON array of `{ serial, state }`). */
const devices = defineCommandHandler({
  run: (_args, { services }) => services.resolve(Transport).listDevices(),
  pretty(value) {
    const list = value;
    if (list.length === 0) return "no devices (connect one, or run `clawperator virtual start`)";
    return list
      .map((d) => `${d.serial.padEnd(24)} ${d.state.padEnd(14)} ${d.properties?.model ?? ""}`.trimEnd())
      .join("\n");
  },
});

export default devices;
