import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { skillIdArg } from "../command-args.ts";
import { renderSkill } from "./render.ts";
import { skillsRuntime } from "./runtime.ts";

const handler: CommandHandler<typeof skillIdArg> = {
  async run(ctx) {
    if (!ctx.args.skill_id) throw new ClawperatorError("USAGE", "skills get <skill_id>");
    const runtime = skillsRuntime(ctx);
    // `{ skill }` as the reference prints it, and what to pass to it.
    return { skill: await runtime.get(ctx.args.skill_id), inputs: await runtime.inputs(ctx.args.skill_id) };
  },
  pretty: renderSkill,
};

export default handler;
