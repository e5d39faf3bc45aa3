import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { nameArg } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { stopAvd, type StoppedEmulator } from "../operations/stop.ts";

const stop: CommandHandler<typeof nameArg> = {
  run: ({ args, services, logger }) =>
    stopAvd(createEmulatorContext(services, { progress: (line) => logger.progress(line) }), args.name),
  pretty: (result) => {
    const stopped = result as StoppedEmulator;
    return `stopped ${stopped.avdName} (${stopped.serial})`;
  },
};

export default stop;
