import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { nameArg } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { deleteAvd } from "../operations/delete.ts";

const remove = defineCommandHandler(nameArg, {
  run: (args, { services }) => deleteAvd(createEmulatorContext(services), args.name),
  pretty: (result) => `deleted ${result.avdName}`,
});

export default remove;
