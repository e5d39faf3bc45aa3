import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { allowlistArgs } from "../command-args.ts";
import { listFlag, localSkills } from "./local-skills.ts";

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
    const runtime = await localSkills(ctx);
    const hash = a["if-hash"] ?? (await runtime.status({ agentId })).config.hash ?? undefined;
    const change =
      a.set !== undefined
        ? { skills: listFlag(a.set) }
        : a.all || a.none
          ? { skills: a.all ? null : [] }
          : {
              ...(a.add !== undefined ? { add: listFlag(a.add) } : {}),
              ...(a.remove !== undefined ? { remove: listFlag(a.remove) } : {}),
            };
    return runtime.updateAllowlist({ agentId, ...change, ...(hash ? { ifHash: hash } : {}) });
  },
  pretty(result) {
    const r = result;
    const skills = r.agent!.skills;
    return `agent ${r.agent!.id}: ${skills === null ? "every skill" : skills.length ? skills.join(", ") : "no skills"} (${r.path})`;
  },
});

export default handler;
