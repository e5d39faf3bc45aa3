import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { inspectAvd } from "../catalog.ts";
import { nameArg } from "../command-args.ts";
import { createEmulatorContext } from "../create-context.ts";
import { formatAvdDetail } from "../format.ts";

const inspect = defineCommandHandler(nameArg, {
  run: (args, { services }) => inspectAvd(createEmulatorContext(services), args.name),
  pretty: (result) => formatAvdDetail(result),
});

export default inspect;
