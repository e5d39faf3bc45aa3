import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { listArgs } from "../command-args.ts";
import { renderSkillList } from "./render.ts";
import { scopeOf, skillsRuntime } from "./runtime.ts";

/** The skills the agent may use (eligible, allowed, visible to the model); `--all` every one. */
const handler: CommandHandler<typeof listArgs> = {
  run: async (ctx) => (await skillsRuntime(ctx)).list(scopeOf(ctx.args)),
  pretty: renderSkillList,
};

export default handler;
