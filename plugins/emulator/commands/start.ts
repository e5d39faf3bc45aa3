import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { startArgs } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { startAvd } from "../operations/start.ts";
import { parseTimeouts } from "../parse-options.ts";
import type { EmulatorDevice } from "../types.ts";

const start: CommandHandler<typeof startArgs> = {
  run: ({ args, services, logger }) =>
    startAvd(
      createEmulatorContext(services, { progress: (line) => logger.progress(line) }),
      args.name,
      parseTimeouts(args, "cli"),
    ),
  pretty: (result) => {
    const device = result as EmulatorDevice;
    return `${device.avdName} booted as ${device.serial}`;
  },
};

export default start;
