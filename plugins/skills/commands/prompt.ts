import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { SkillPrompt } from "../../../core/services/skills.ts";
import type { agentArg } from "../command-args.ts";
import { scopeOf, skillsRuntime } from "./runtime.ts";

/**
 * The prompt block an agent's system prompt gets (docs/openclaw-skills.md#token-impact); pretty prints the block
 * itself.
 */
const handler: CommandHandler<typeof agentArg> = {
  run: async (ctx) => (await skillsRuntime(ctx)).prompt(scopeOf(ctx.args)),
  pretty: (result) => (result as SkillPrompt).prompt || "no skills for the prompt",
};

export default handler;
