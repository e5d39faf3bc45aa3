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
    const record = runtime.record(ctx.args.skill_id);
    return { skill: record.entry, inputs: await runtime.inputs(record) };
  },
  pretty: renderSkill,
};

export default handler;
