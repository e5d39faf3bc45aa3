import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { agentArg } from "../command-args.ts";
import { describeMissing } from "../service/not-eligible.ts";
import { scopeOf, localSkills } from "./local-skills.ts";

/** `openclaw skills check`: which skills are ready, visible to the model, hidden, or missing what. */
const handler = defineCommandHandler(agentArg, {
  run: async (args, ctx) => (await localSkills(ctx)).check(scopeOf(args)),
  pretty(result) {
    const r = result;
    const s = r.summary;
    const lines = [
      `Skills status check${r.agentId ? ` (agent ${r.agentId})` : ""}`,
      `  total ${s.total}, eligible ${s.eligible}, visible to the model ${s.modelVisible}, as commands ${s.commandVisible}`,
      `  disabled ${s.disabled}, blocked by allowBundled ${s.blocked}, outside the agent's allowlist ${s.agentFiltered}`,
      `  ready but hidden from the model ${s.notInjected}, missing requirements ${s.missingRequirements}, invalid ${s.invalid}`,
    ];
    for (const m of r.missingRequirements) {
      const install = m.install[0] ? ` (install: ${m.install[0].label})` : "";
      lines.push(`  ${m.name}: ${describeMissing(m.missing)}${install}`);
    }
    for (const i of r.invalid)
      lines.push(`  ${i.name}: invalid, ${i.reason} (${i.filePath}${i.line ? `:${i.line}` : ""})`);
    return lines.join("\n");
  },
});

export default handler;
