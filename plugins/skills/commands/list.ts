import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import { renderSkillList } from "./render.ts";
import { skillsRuntime } from "./runtime.ts";

const handler: CommandHandler = {
  run: (ctx) => skillsRuntime(ctx).list(),
  pretty: renderSkillList,
};

export default handler;
