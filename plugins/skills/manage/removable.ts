import type { SkillPrecedence } from "../../../core/kernel/contributions.ts";

/** What to do instead, for each tier `skills remove` leaves alone: the files are someone else's to manage. */
const ELSEWHERE: Partial<Record<SkillPrecedence, string>> = {
  bundled: "it is a bundled skill (it ships with Clawperator or a plugin): turn it off for all agents instead",
  personal: "it is a personal skill (~/.agents/skills): remove its folder there by hand",
  project: "it is a project skill (.agents/skills): remove its folder there by hand",
  extra: "it comes from skills.load.extraDirs or a plugin's folder: remove it there",
};

/**
 * Why `skills remove` refuses a skill whatever its folder holds (undefined: a managed or workspace folder skill,
 * which it may delete). Status shows the same words before anyone tries.
 */
export function notRemovableReason(fromRegistry: boolean, precedence: SkillPrecedence): string | undefined {
  if (fromRegistry) return "the skills registry lists it: `clawperator skills update` manages its files";
  if (precedence === "managed" || precedence === "workspace") return undefined;
  return ELSEWHERE[precedence] ?? `it is a ${precedence} skill`;
}
