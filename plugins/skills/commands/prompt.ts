import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { agentArg } from "../command-args.ts";
import { scopeOf, skillsRuntime } from "./runtime.ts";

/**
 * The prompt block an agent's system prompt gets (docs/openclaw-skills.md#token-impact); pretty prints the block
 * itself.
 */
const handler = defineCommandHandler(agentArg, {
  run: async (args, ctx) => (await skillsRuntime(ctx)).prompt(scopeOf(args)),
  pretty: (result) => result.prompt || "no skills for the prompt",
});

export default handler;
