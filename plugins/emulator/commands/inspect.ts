import type { CommandHandler } from "../../../core/kernel/index.ts";
import { inspectAvd } from "../catalog.ts";
import type { nameArg } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { formatAvdDetail } from "../format.ts";
import type { EmulatorAvd } from "../types.ts";

const inspect: CommandHandler<typeof nameArg> = {
  run: ({ args, services }) => inspectAvd(createEmulatorContext(services), args.name),
  pretty: (result) => formatAvdDetail(result as EmulatorAvd),
};

export default inspect;
