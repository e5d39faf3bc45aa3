import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { agentArg } from "../command-args.ts";
import { scopeOf, localSkills } from "./local-skills.ts";

/** OpenClaw's `skills.bins`: every program the skills require, accept or install; `--agent`: its skills only. */
const handler = defineCommandHandler(agentArg, {
  run: async (args, ctx) => (await localSkills(ctx)).bins(scopeOf(args)),
  pretty: (result) => result.bins.join("\n") || "no bins",
});

export default handler;
