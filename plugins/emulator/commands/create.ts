import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { createArgs } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { formatAvdDetail } from "../format.ts";
import { createAvd } from "../operations/create.ts";
import { parseApiLevel } from "../parse-options.ts";

const create = defineCommandHandler(createArgs, {
  run: (args, { services, logger }) =>
    createAvd(createEmulatorContext(services, { progress: (line) => logger.progress(line) }), {
      ...(args.name === undefined ? {} : { name: args.name }),
      ...(args.apiLevel === undefined ? {} : { apiLevel: parseApiLevel(args.apiLevel, "--api-level")! }),
      ...(args.deviceProfile === undefined ? {} : { deviceProfile: args.deviceProfile }),
      ...(args.abi === undefined ? {} : { abi: args.abi }),
      ...(args.playStore === undefined ? {} : { playStore: args.playStore }),
    }),
  pretty: (result) => `created\n${formatAvdDetail(result)}`,
});

export default create;
