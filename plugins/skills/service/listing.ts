import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { RegistrySkill, SkillInstructions, SkillList } from "../../../core/services/skills.ts";
import { allowedBundled } from "../gating/eligibility.ts";
import { type Catalog, frontmatterOf, type SkillRecord, skillFileOf } from "../sources/catalog.ts";
import { invocationPolicy } from "../sources/skill-metadata.ts";
import { judge, type StatusContext } from "../status/skill-status.ts";

/**
 * Whether an agent judged by `ctx` may see a skill (eligible, allowed, visible to the model). What list and search
 * need of a skill is this, not its whole status; asked per entry, so a search judges only what it found.
 */
export function modelVisible(ctx: StatusContext, catalog: Catalog): (entry: RegistrySkill) => boolean {
  return (entry) => {
    if (ctx.agentFilter && !ctx.agentFilter.has(entry.id)) return false;
    const r = catalog.find(entry.id);
    if (!r || r.problem) return false;
    const frontmatter = frontmatterOf(r);
    // Without metadata there are no requirements: only the config can block it (most registry skills).
    const eligible = frontmatter.metadata
      ? judge(r, ctx).eligibility.eligible
      : ctx.entries[r.entry.id]?.enabled !== false &&
        allowedBundled({
          precedence: r.origin.precedence,
          name: r.entry.id,
          skillKey: r.entry.id,
          ...(ctx.allowBundled ? { allowBundled: ctx.allowBundled } : {}),
        });
    return eligible && !invocationPolicy(frontmatter).disableModelInvocation;
  };
}

/** A record's SKILL.md body with `{baseDir}` replaced by its folder (what an agent reads). */
export function instructionsOf(record: SkillRecord): SkillInstructions {
  const frontmatter = frontmatterOf(record);
  const baseDir = record.origin.dir;
  return {
    name: record.entry.id,
    filePath: skillFileOf(record),
    baseDir,
    instructions: frontmatter.body.replaceAll("{baseDir}", baseDir),
  };
}

/** How a user without skills gets some, offline first. */
const HOW_TO_ADD_SKILLS =
  "`clawperator skills new <id> --out ./skills` writes one of your own (or record a flow: `record start`, then " +
  "`skills new <id> --from-recording`); AgentSkills folders in ./skills, ./.agents/skills or ~/.agents/skills are " +
  "read as they are; `clawperator skills install` clones the public registry (needs the network), `--repo " +
  "<dir|url>` another.";

/** A list or search answer: the skills, the registry read, and what to do when there is none yet. */
export function listing(skills: RegistrySkill[], catalog: Catalog): SkillList {
  return {
    skills,
    count: skills.length,
    ...(catalog.registry && catalog.shadowedRegistries.length
      ? { registry: catalog.registry.path, shadowedRegistries: catalog.shadowedRegistries }
      : {}),
    ...(catalog.registry ? {} : { registry: null }),
    ...(catalog.missingRegistry
      ? { hint: `No skills registry in ${catalog.missingRegistry.searched.join(", ")}. ${HOW_TO_ADD_SKILLS}` }
      : {}),
  };
}

/** SKILL_NOT_FOUND, saying why when its folder is there but invalid, or how to get skills when there are none. */
export function skillNotFound(skillId: string, catalog: Catalog): ClawperatorError {
  const invalid = catalog.invalid().find((r) => r.entry.id === skillId);
  return new ClawperatorError("SKILL_NOT_FOUND", `Skill not found: ${skillId}`, {
    hint: invalid
      ? `${skillFileOf(invalid)} is invalid: ${invalid.problem?.reason}. Fix its frontmatter.`
      : catalog.missingRegistry
        ? `There is no skills registry yet. ${HOW_TO_ADD_SKILLS}`
        : "Confirm the exact id with `clawperator skills list` or `clawperator skills search`.",
    details: { skillId, ...(invalid ? { invalid: invalid.problem, filePath: skillFileOf(invalid) } : {}) },
  });
}
