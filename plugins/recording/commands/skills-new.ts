import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { skillsNewArgs } from "../command-args.ts";
import { type NewSkillOutcome, newSkillFromRecording } from "../generate/new-skill.ts";

const handler: CommandHandler<typeof skillsNewArgs> = {
  run(ctx) {
    const from = ctx.args["from-recording"];
    if (!ctx.args.skill_id || !from)
      throw new ClawperatorError(
        "USAGE",
        "skills new <skill_id> --from-recording <file.ndjson|file.steps.json> [--out <dir>]",
      );
    return newSkillFromRecording({ skillId: ctx.args.skill_id, from, out: ctx.args.out ?? "." });
  },
  pretty(result) {
    const r = result as NewSkillOutcome;
    return [
      `wrote ${r.skillDir} (${r.stepCount} steps) and its entry in ${r.registry}`,
      `run it: ${r.run}`,
      ...r.inputs.map((i) => `input ${i.name}: ${i.description}`),
      ...r.warnings.map((w) => `warning: ${w}`),
    ].join("\n");
  },
};

export default handler;
