import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { agentArg } from "../command-args.ts";
import { scopeOf, skillsRuntime } from "./runtime.ts";

/** OpenClaw's `skills.bins`: every program the skills require, accept or install; `--agent`: its skills only. */
const handler: CommandHandler<typeof agentArg> = {
  run: async (ctx) => (await skillsRuntime(ctx)).bins(scopeOf(ctx.args)),
  pretty: (result) => (result as { bins: string[] }).bins.join("\n") || "no bins",
};

export default handler;
