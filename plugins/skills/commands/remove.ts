import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { nameArg } from "../command-args.ts";
import { localSkills } from "./local-skills.ts";

/** Deletes a managed or workspace skill's folder (the guards are the runtime's). */
const handler = defineCommandHandler(nameArg, {
  async run(args, ctx) {
    if (!args.name) throw new ClawperatorError("USAGE", "skills remove <name>");
    return (await localSkills(ctx)).remove(args.name);
  },
  pretty: (result) => `removed ${result.name} (${result.removed})`,
});

export default handler;
