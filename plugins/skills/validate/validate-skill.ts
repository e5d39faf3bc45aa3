import { existsSync } from "node:fs";
import { join } from "node:path";
import { ClawperatorError, type ClawperatorErrorShape } from "../../../core/contracts/clawperator-error.ts";
import { readJsonFile } from "../../../core/host/read-json-file.ts";
import type { RegistrySkill } from "../../../core/services/skills.ts";
import type { SkillRecord } from "../sources/catalog.ts";
import { resolveInside } from "../run/safe-path.ts";

/** Registry fields a skill.json must repeat exactly (the registry is generated from them). */
const PARITY_FIELDS = [
  "id",
  "applicationId",
  "intent",
  "summary",
  "path",
  "skillFile",
  "scripts",
  "artifacts",
] as const;
/** List fields a skill.json may leave out: absent means empty (the registry generator writes `[]`). */
const LIST_FIELDS: ReadonlySet<string> = new Set(["scripts", "artifacts"]);

export interface SkillValidation {
  valid: true;
  skillId: string;
  /** The skill's registry entry (the reference runtime's validate result carries it as `skill`). */
  skill: RegistrySkill;
  skillJsonPath?: string;
  checked: string[];
  dryRun?: { payloadValidation: "passed" | "skipped"; reason?: string; artifacts?: string[] };
}

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

/**
 * docs/skills-registry.md#validation: the skill's files exist (skill.json for registry skills, SKILL.md, scripts,
 * artifacts), its skill.json agrees with the registry, and with `dryRun` every artifact compiles to a valid
 * execution (placeholders filled with sample values). Fails with SKILL_VALIDATION_FAILED.
 */
export async function validateSkill(record: SkillRecord, options: { dryRun?: boolean } = {}): Promise<SkillValidation> {
  const { entry } = record;
  const skillId = entry.id;
  const at = (p: string) => resolveInside(record.root, p, skillId);
  const skillJsonPath = record.fromRegistry ? at(join(String(entry.path ?? ""), "skill.json")) : undefined;
  const files = [
    ...(skillJsonPath ? [skillJsonPath] : []),
    at(String(entry.skillFile ?? join(String(entry.path ?? ""), "SKILL.md"))),
    ...strings(entry.scripts).map(at),
    ...strings(entry.artifacts).map(at),
  ];
  const missingFiles = files.filter((f) => !existsSync(f));
  if (missingFiles.length) {
    throw new ClawperatorError("SKILL_VALIDATION_FAILED", `Skill ${skillId} is missing required files`, {
      details: { ...(skillJsonPath ? { skillJsonPath } : {}), missingFiles },
    });
  }

  if (skillJsonPath) {
    const read = readJsonFile(skillJsonPath);
    if ("problem" in read)
      throw new ClawperatorError(
        "SKILL_VALIDATION_FAILED",
        `Skill ${skillId} has an invalid skill.json (${read.problem})`,
        {
          details: { skillJsonPath },
        },
      );
    const manifest = (read.value ?? {}) as Record<string, unknown>;
    const comparable = (value: unknown, field: string) =>
      JSON.stringify(LIST_FIELDS.has(field) ? (value ?? []) : value);
    const mismatches = PARITY_FIELDS.filter((f) => comparable(manifest[f], f) !== comparable(entry[f], f)).map(
      (field) => ({
        field,
        registry: entry[field],
        skillJson: manifest[field],
      }),
    );
    if (mismatches.length) {
      throw new ClawperatorError(
        "SKILL_VALIDATION_FAILED",
        `Skill ${skillId} skill.json does not match its registry entry`,
        { details: { skillJsonPath, mismatches } },
      );
    }
  }

  const result: SkillValidation = {
    valid: true,
    skillId,
    skill: entry,
    ...(skillJsonPath ? { skillJsonPath } : {}),
    checked: files,
  };
  if (!options.dryRun) return result;
  const artifacts = strings(entry.artifacts);
  if (artifacts.length === 0) {
    return {
      ...result,
      dryRun: {
        payloadValidation: "skipped",
        reason: "skill has no pre-compiled artifacts; payload is generated at runtime by the skill script",
      },
    };
  }
  // Only skills with artifacts need the compiler (and zod, for a payload its hot-path check is unsure of).
  const { compileTemplate, placeholders, readArtifactTemplate } = await import("../compile/compile-artifact.js");
  for (const artifact of artifacts) {
    const template = readArtifactTemplate(at(artifact), { skillId, artifactName: artifact });
    const vars = Object.fromEntries(placeholders(template).map((name) => [name, `sample-${name.toLowerCase()}`]));
    try {
      await compileTemplate(template, { skillId, artifact, vars });
    } catch (error) {
      const cause = error as ClawperatorError;
      throw new ClawperatorError(
        "SKILL_VALIDATION_FAILED",
        `Skill ${skillId} artifact ${artifact} is not a valid execution: ${cause.message}`,
        {
          details: { artifact, ...(cause.details ? { issues: cause.details } : {}) },
        },
      );
    }
  }
  return { ...result, dryRun: { payloadValidation: "passed", artifacts } };
}

/** A skill that failed validation: why, as the error it threw. */
export interface SkillValidationFailure {
  valid: false;
  skillId: string;
  error: ClawperatorErrorShape;
}

/** Validates every record; one that fails is reported with its error and the rest go on. */
export async function validateAll(
  records: readonly SkillRecord[],
  options: { dryRun?: boolean } = {},
): Promise<{ valid: boolean; count: number; results: (SkillValidation | SkillValidationFailure)[] }> {
  const results: (SkillValidation | SkillValidationFailure)[] = [];
  for (const record of records) {
    try {
      results.push(await validateSkill(record, options));
    } catch (error) {
      if (!(error instanceof ClawperatorError)) throw error;
      results.push({ valid: false, skillId: record.entry.id, error: error.toJSON() });
    }
  }
  return { valid: results.every((r) => r.valid), count: results.length, results };
}
