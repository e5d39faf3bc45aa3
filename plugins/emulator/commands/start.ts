import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { startArgs } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { startAvd } from "../operations/start.ts";
import { parseTimeouts } from "../parse-options.ts";

const start = defineCommandHandler(startArgs, {
  run: (args, { services, logger }) =>
    startAvd(
      createEmulatorContext(services, { progress: (line) => logger.progress(line) }),
      args.name,
      parseTimeouts(args, "cli"),
    ),
  pretty: (result) => {
    const device = result;
    return `${device.avdName} booted as ${device.serial}`;
  },
});

export default start;
