import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { getArgs } from "../command-args.ts";
import { instructionsOf } from "../service/listing.ts";
import { renderSkill } from "./render.ts";
import { scopeOf, localSkills } from "./local-skills.ts";

const handler = defineCommandHandler(getArgs, {
  async run(args, ctx) {
    if (!args.skill_id) throw new ClawperatorError("USAGE", "skills get <skill_id>");
    const runtime = await localSkills(ctx);
    // `{ skill }` as the reference prints it, what to pass to it, and its instructions ({baseDir} replaced).
    const record = runtime.usable(args.skill_id, scopeOf(args));
    const { instructions, filePath, baseDir } = instructionsOf(record);
    return { skill: record.entry, inputs: await runtime.inputs(record), filePath, baseDir, instructions };
  },
  pretty: renderSkill,
});

export default handler;
