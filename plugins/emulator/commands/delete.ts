import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { nameArg } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { deleteAvd, type DeletedAvd } from "../operations/delete.ts";

const remove: CommandHandler<typeof nameArg> = {
  run: ({ args, services }) => deleteAvd(createEmulatorContext(services), args.name),
  pretty: (result) => `deleted ${(result as DeletedAvd).avdName}`,
};

export default remove;
