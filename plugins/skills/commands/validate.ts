import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/contributions.ts";
import type { validateArgs } from "../command-args.ts";
import { skillsRuntime } from "./runtime.ts";

const handler: CommandHandler<typeof validateArgs> = {
  async run(ctx) {
    const dryRun = ctx.args["dry-run"] === true;
    if (ctx.args.all) {
      if (ctx.args.skill_id) throw new ClawperatorError("USAGE", "skills validate takes a skill id or --all, not both");
      return (await skillsRuntime(ctx)).validateAll({ dryRun });
    }
    if (!ctx.args.skill_id)
      throw new ClawperatorError("USAGE", "skills validate <skill_id> [--dry-run] | skills validate --all [--dry-run]");
    return (await skillsRuntime(ctx)).validate(ctx.args.skill_id, { dryRun });
  },
  pretty(result) {
    const r = result as {
      valid: boolean;
      skillId?: string;
      results?: { valid: boolean; skillId: string; error?: { message: string } }[];
      dryRun?: { payloadValidation: string };
    };
    if (r.results)
      return r.results
        .map((x) => `${x.valid ? "valid  " : "INVALID"}  ${x.skillId}${x.error ? `: ${x.error.message}` : ""}`)
        .join("\n");
    return `valid  ${r.skillId}${r.dryRun ? ` (payloads ${r.dryRun.payloadValidation})` : ""}`;
  },
  exitCode: (result) => ((result as { valid: boolean }).valid ? 0 : 1),
};

export default handler;
