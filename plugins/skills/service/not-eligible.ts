import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { SkillMissing, SkillStatus } from "../../../core/services/skills.ts";

const KINDS: (keyof SkillMissing)[] = ["os", "bins", "anyBins", "env", "config", "packages"];

/** What is missing, in words: `bins: uv; env: API_KEY` (names only, never a value). */
export function describeMissing(missing: SkillMissing): string {
  return KINDS.filter((k) => missing[k].length > 0)
    .map((k) => `${k === "anyBins" ? "one of" : k}: ${missing[k].join(", ")}`)
    .join("; ");
}

/**
 * Throws SKILL_NOT_ELIGIBLE, with the structured reasons, unless the skill may be used: eligible, allowed by the
 * agent's allowlist, and (for a model's call) not hidden from the model by `disable-model-invocation`.
 */
export function notEligible(status: SkillStatus, invoker: "user" | "model", deviceId?: string): void {
  const reasons: string[] = [];
  if (status.disabled) reasons.push("disabled in config (skills.entries)");
  if (status.blockedByAllowlist) reasons.push("not in skills.allowBundled");
  if (!status.eligible && !status.disabled && !status.blockedByAllowlist) {
    const missing = describeMissing(status.missing);
    // Packages are judged on a device: the one that lacks them is named.
    const on = status.missing.packages.length && deviceId ? ` on ${deviceId}` : "";
    if (missing) reasons.push(`missing ${missing}${on}`);
  }
  if (status.blockedByAgentFilter) reasons.push("not in the agent's skills allowlist");
  const hidden = invoker === "model" && status.eligible && !status.blockedByAgentFilter && !status.modelVisible;
  if (hidden) reasons.push("disable-model-invocation: only a person may invoke it");
  if (reasons.length === 0) return;
  throw new ClawperatorError("SKILL_NOT_ELIGIBLE", `Skill ${status.name} is blocked: ${reasons.join("; ")}`, {
    hint: "Run `clawperator skills status` to see what it needs.",
    details: {
      skillId: status.name,
      ...(deviceId ? { deviceId } : {}),
      readiness: status.readiness,
      missing: status.missing,
      disabled: status.disabled,
      blockedByAllowlist: status.blockedByAllowlist,
      blockedByAgentFilter: status.blockedByAgentFilter,
      modelVisible: status.modelVisible,
    },
  });
}
