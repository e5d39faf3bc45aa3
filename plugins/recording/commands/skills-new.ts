import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { skillsNewArgs } from "../command-args.ts";
import { newSkillFromRecording } from "../generate/new-skill.ts";

const handler = defineCommandHandler(skillsNewArgs, {
  run(args, _ctx) {
    const from = args["from-recording"];
    if (!args.skill_id || !from)
      throw new ClawperatorError(
        "USAGE",
        "skills new <skill_id> --from-recording <file.ndjson|file.steps.json> [--out <dir>]",
      );
    return newSkillFromRecording({ skillId: args.skill_id, from, out: args.out ?? "." });
  },
  pretty(result) {
    const r = result;
    return [
      `wrote ${r.skillDir} (${r.stepCount} steps) and its entry in ${r.registry}`,
      `run it: ${r.run}`,
      ...r.inputs.map((i) => `input ${i.name}: ${i.description}`),
      ...r.warnings.map((w) => `warning: ${w}`),
    ].join("\n");
  },
});

export default handler;
