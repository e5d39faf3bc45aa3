import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { provisionArgs } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { provisionEmulator } from "../operations/provision.ts";
import { parseTimeouts } from "../parse-options.ts";

const provision = defineCommandHandler(provisionArgs, {
  run: (args, { services, logger }) =>
    provisionEmulator(
      createEmulatorContext(services, { progress: (line) => logger.progress(line) }),
      parseTimeouts(args, "cli"),
    ),
  pretty(result) {
    const p = result;
    const how = p.reused ? "reused running" : p.created ? "created and started" : "started";
    return `${p.serial}  (${how} ${p.avdName}; pass --device-id ${p.serial} to later commands)`;
  },
});

export default provision;
