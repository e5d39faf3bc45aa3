import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { allowlistArgs } from "../command-args.ts";
import { listFlag, skillsRuntime } from "./runtime.ts";

/**
 * An agent's skills allowlist (`agents.list[].skills`): `--set`, `--add`, `--remove`, `--all` (every skill) or
 * `--none`. Made against the config as it was read (its hash), so a concurrent edit is refused, not overwritten.
 */
const handler = defineCommandHandler(allowlistArgs, {
  async run(args, ctx) {
    const a = args;
    const agentId = a.agent_id;
    const modes = [a.set !== undefined, a.add !== undefined || a.remove !== undefined, a.all === true, a.none === true];
    if (!agentId || modes.filter(Boolean).length !== 1)
      throw new ClawperatorError(
        "USAGE",
        "skills allowlist <agentId> (--set a,b | --add a,b | --remove a,b | --all | --none)",
      );
    const runtime = await skillsRuntime(ctx);
    const status = await runtime.status({ agentId });
    const hash = a["if-hash"] ?? status.config.hash ?? undefined;
    let skills: string[] | null;
    if (a.all) skills = null;
    else if (a.none) skills = [];
    else if (a.set !== undefined) skills = listFlag(a.set);
    else if (status.agentSkillFilter === null && a.remove === undefined) skills = null;
    else {
      // From "every skill", removing one means listing all the others.
      const current = status.agentSkillFilter ?? status.skills.filter((s) => !s.invalid).map((s) => s.name);
      const remove = new Set(listFlag(a.remove));
      skills = [...current, ...listFlag(a.add)].filter((s) => !remove.has(s));
    }
    return runtime.updateAllowlist({ agentId, skills, ...(hash ? { ifHash: hash } : {}) });
  },
  pretty(result) {
    const r = result;
    const skills = r.agent!.skills;
    return `agent ${r.agent!.id}: ${skills === null ? "every skill" : skills.length ? skills.join(", ") : "no skills"} (${r.path})`;
  },
});

export default handler;
