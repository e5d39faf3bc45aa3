import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { validateArgs } from "../command-args.ts";
import { localSkills } from "./local-skills.ts";

const handler = defineCommandHandler(validateArgs, {
  async run(args, ctx) {
    const dryRun = args["dry-run"] === true;
    if (args.all) {
      if (args.skill_id) throw new ClawperatorError("USAGE", "skills validate takes a skill id or --all, not both");
      return (await localSkills(ctx)).validateAll({ dryRun });
    }
    if (!args.skill_id)
      throw new ClawperatorError("USAGE", "skills validate <skill_id> [--dry-run] | skills validate --all [--dry-run]");
    return (await localSkills(ctx)).validate(args.skill_id, { dryRun });
  },
  pretty(result) {
    if ("results" in result)
      return result.results
        .map((x) => `${x.valid ? "valid  " : "INVALID"}  ${x.skillId}${"error" in x ? `: ${x.error.message}` : ""}`)
        .join("\n");
    return `valid  ${result.skillId}${result.dryRun ? ` (payloads ${result.dryRun.payloadValidation})` : ""}`;
  },
  exitCode: (result) => (result.valid ? 0 : 1),
});

export default handler;
