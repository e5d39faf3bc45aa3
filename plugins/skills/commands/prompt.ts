import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { agentArg } from "../command-args.ts";
import { scopeOf, localSkills } from "./local-skills.ts";

/**
 * The prompt block an agent's system prompt gets (docs/openclaw-skills.md#token-impact); pretty prints the block
 * itself.
 */
const handler = defineCommandHandler(agentArg, {
  run: async (args, ctx) => (await localSkills(ctx)).prompt(scopeOf(args)),
  pretty: (result) => result.prompt || "no skills for the prompt",
});

export default handler;
