import type { SkillCheckReport, SkillStatus } from "../../../core/services/skills.ts";
import { formatSkillsForPrompt } from "../prompt/format-prompt.ts";
import { frontmatterOf, type SkillRecord } from "../sources/catalog.ts";
import { skillMetadata } from "../sources/skill-metadata.ts";

/** Missing requirements, beside disablement and the bundled allowlist (OpenClaw's `hasMissingSkillRequirements`). */
const missingRequirements = (s: SkillStatus) => !s.eligible && !s.disabled && !s.blockedByAllowlist && !s.invalid;

/** `skills check` as OpenClaw's `skills check --json` reports it, plus the invalid folders. */
export function checkReport(
  skills: readonly SkillStatus[],
  head: Pick<SkillCheckReport, "agentId" | "agentSkillFilter" | "workspaceDir" | "managedSkillsDir">,
): SkillCheckReport {
  const names = (list: SkillStatus[]) => list.map((s) => s.name);
  const valid = skills.filter((s) => !s.invalid);
  const eligible = valid.filter((s) => s.eligible);
  const modelVisible = valid.filter((s) => s.modelVisible);
  const commandVisible = valid.filter((s) => s.commandVisible);
  const disabled = valid.filter((s) => s.disabled);
  const blocked = valid.filter((s) => s.blockedByAllowlist && !s.disabled);
  const agentFiltered = valid.filter((s) => s.blockedByAgentFilter);
  const notInjected = valid.filter((s) => s.eligible && !s.blockedByAgentFilter && !s.modelVisible);
  const missing = skills.filter(missingRequirements);
  const invalid = skills.filter((s) => s.invalid);
  return {
    ...head,
    summary: {
      total: valid.length,
      eligible: eligible.length,
      modelVisible: modelVisible.length,
      commandVisible: commandVisible.length,
      disabled: disabled.length,
      blocked: blocked.length,
      agentFiltered: agentFiltered.length,
      notInjected: notInjected.length,
      missingRequirements: missing.length,
      invalid: invalid.length,
    },
    eligible: names(eligible),
    modelVisible: names(modelVisible),
    commandVisible: names(commandVisible),
    disabled: names(disabled),
    blocked: names(blocked),
    agentFiltered: names(agentFiltered),
    notInjected: notInjected.map((s) => ({ name: s.name, reason: "disable-model-invocation" as const })),
    missingRequirements: missing.map((s) => ({ name: s.name, missing: s.missing, install: s.install })),
    invalid: invalid.map((s) => ({
      name: s.name,
      filePath: s.filePath,
      reason: s.invalid!.reason,
      ...(s.invalid!.line ? { line: s.invalid!.line } : {}),
    })),
  };
}

/** Every bin the records require, accept (anyBins) or install, sorted (OpenClaw's `collectSkillBins`). */
export function collectBins(records: readonly SkillRecord[]): string[] {
  const bins = new Set<string>();
  for (const record of records) {
    const m = skillMetadata(frontmatterOf(record));
    for (const bin of [...m.bins, ...m.anyBins, ...m.install.flatMap((s) => s.bins ?? [])]) {
      const name = bin.trim();
      if (name) bins.add(name);
    }
  }
  return [...bins].sort();
}

/** The prompt block of the skills the model may see (eligible, allowed, not hidden), by name. */
export function promptOf(skills: readonly SkillStatus[]): { prompt: string; skills: string[] } {
  const listed = skills.filter((s) => s.modelVisible);
  return {
    prompt: formatSkillsForPrompt(
      listed.map((s) => ({ name: s.name, description: s.description, location: s.filePath })),
    ),
    skills: listed.map((s) => s.name),
  };
}
