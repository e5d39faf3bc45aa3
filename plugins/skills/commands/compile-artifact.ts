import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { compileArgs } from "../command-args.ts";
import { localSkills } from "./local-skills.ts";

const handler = defineCommandHandler(compileArgs, {
  async run(args, ctx) {
    const skillId = args["skill-id"] ?? args.skill_id;
    if (!skillId || !args.artifact) {
      throw new ClawperatorError(
        "USAGE",
        "skills compile-artifact requires <skill_id> (positional) or --skill-id <id>, and --artifact <name>. " +
          "Example: skills compile-artifact com.example.skill --artifact ac-status [--vars '{}']",
      );
    }
    // `{ execution }` as the reference CLI prints it; `execute --execution -` takes it as it is.
    return { execution: await (await localSkills(ctx)).compile(skillId, args.artifact, args.vars) };
  },
});

export default handler;
