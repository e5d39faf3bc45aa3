import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { compileArgs } from "../command-args.ts";
import { skillsRuntime } from "./runtime.ts";

const handler: CommandHandler<typeof compileArgs> = {
  async run(ctx) {
    const skillId = ctx.args["skill-id"] ?? ctx.args.skill_id;
    if (!skillId || !ctx.args.artifact) {
      throw new ClawperatorError(
        "USAGE",
        "skills compile-artifact requires <skill_id> (positional) or --skill-id <id>, and --artifact <name>. " +
          "Example: skills compile-artifact com.example.skill --artifact ac-status [--vars '{}']",
      );
    }
    // `{ execution }` as the reference CLI prints it; `execute --execution -` takes it as it is.
    return { execution: await (await skillsRuntime(ctx)).compile(skillId, ctx.args.artifact, ctx.args.vars) };
  },
};

export default handler;
