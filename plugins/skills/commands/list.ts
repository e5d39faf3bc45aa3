import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { listArgs } from "../command-args.ts";
import { renderSkillList } from "./render.ts";
import { scopeOf, localSkills } from "./local-skills.ts";

/** The skills the agent may use (eligible, allowed, visible to the model); `--all` every one. */
const handler = defineCommandHandler(listArgs, {
  run: async (args, ctx) => (await localSkills(ctx)).list(scopeOf(args)),
  pretty: renderSkillList,
});

export default handler;
