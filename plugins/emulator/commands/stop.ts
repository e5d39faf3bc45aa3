import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { nameArg } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { stopAvd } from "../operations/stop.ts";

const stop = defineCommandHandler(nameArg, {
  run: (args, { services, logger }) =>
    stopAvd(createEmulatorContext(services, { progress: (line) => logger.progress(line) }), args.name),
  pretty: (result) => {
    const stopped = result;
    return `stopped ${stopped.avdName} (${stopped.serial})`;
  },
});

export default stop;
