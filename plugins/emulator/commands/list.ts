import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { listAvds } from "../catalog.ts";
import { createEmulatorContext } from "../create-context.ts";
import { formatAvd } from "../format.ts";

const list = defineCommandHandler({
  run: async (_args, { services }) => ({ avds: await listAvds(createEmulatorContext(services)) }),
  pretty(result) {
    const { avds } = result;
    if (avds.length === 0)
      return "no Android Virtual Devices (create the default one with `clawperator emulator create`)";
    return avds.map(formatAvd).join("\n");
  },
});

export default list;
