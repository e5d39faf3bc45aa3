import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { SkillRemoval } from "../../../core/services/skills.ts";
import type { nameArg } from "../command-args.ts";
import { skillsRuntime } from "./runtime.ts";

/** Deletes a managed or workspace skill's folder (the guards are the runtime's). */
const handler: CommandHandler<typeof nameArg> = {
  async run(ctx) {
    if (!ctx.args.name) throw new ClawperatorError("USAGE", "skills remove <name>");
    return (await skillsRuntime(ctx)).remove(ctx.args.name);
  },
  pretty: (result) => `removed ${(result as SkillRemoval).name} (${(result as SkillRemoval).removed})`,
};

export default handler;
