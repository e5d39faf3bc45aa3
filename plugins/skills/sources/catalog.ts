import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { SKILL_PRECEDENCE } from "../../../core/kernel/contributions.ts";
import type { RegistrySkill, SkillOrigin } from "../../../core/services/skills.ts";
import { loadRegistry, type LoadedRegistry } from "../registry/load-registry.ts";
import { resolveInside } from "../run/safe-path.ts";
import type { RegistryChoice } from "../registry/registry-path.ts";
import { parseFrontmatter, type SkillFrontmatter } from "./frontmatter.ts";
import { scanSkillFolders } from "./scan-folders.ts";
import type { SourceDir } from "./source-dirs.ts";

/** One skill as the runtime sees it: its registry-shaped entry, the root its paths are relative to, its origin. */
export interface SkillRecord {
  entry: RegistrySkill;
  root: string;
  origin: SkillOrigin;
  fromRegistry: boolean;
  /** Read on first use for registry skills (gating needs it; listing does not). */
  frontmatter?: SkillFrontmatter;
}

export interface Catalog {
  registry?: LoadedRegistry;
  /** The winner of each name, registry skills first in registry order, then folder skills by source. */
  records: SkillRecord[];
  byId: Map<string, SkillRecord>;
}

const rank = (r: SkillRecord) => SKILL_PRECEDENCE.indexOf(r.origin.precedence);

/**
 * Merges the active registry with the AgentSkills folders of every source (spec/004 section 4): the same name
 * in several places resolves to the highest precedence; at equal precedence the registry entry wins. A registry
 * found through the managed clone ranks as managed; any other (explicit, env, ./skills) as workspace.
 */
export function loadCatalog(input: { choice: RegistryChoice; managedDir: string; sources: readonly SourceDir[] }): Catalog {
  let registry: LoadedRegistry | undefined;
  let registryError: ClawperatorError | undefined;
  try {
    registry = loadRegistry(input.choice);
  } catch (error) {
    // Explicit and env paths never fall back; a missing default registry is fine while folder skills exist.
    if (input.choice.kind !== "defaults" || !(error instanceof ClawperatorError) || error.details?.searched === undefined) throw error;
    registryError = error;
  }

  const candidates: SkillRecord[] = [];
  if (registry) {
    const precedence = registry.path === join(input.managedDir, "skills", "skills-registry.json") ? "managed" : "workspace";
    const root = registry.root;
    // Plain concatenation, not path.join: this runs for every entry of registries with thousands of skills.
    for (const entry of registry.skills) {
      candidates.push({ entry, root, fromRegistry: true, origin: { sourceId: "registry", precedence, dir: `${root}/${String(entry.path ?? "")}` } });
    }
  }
  const registryDir = registry ? dirname(registry.path) : undefined;
  for (const source of input.sources) {
    if (source.dir === registryDir) continue;
    for (const folder of scanSkillFolders(source.dir)) {
      candidates.push({
        entry: folder.entry,
        root: folder.root,
        fromRegistry: false,
        frontmatter: folder.frontmatter,
        origin: { sourceId: source.id, precedence: source.precedence, dir: join(folder.root, folder.entry.path), ...(source.plugin ? { plugin: source.plugin } : {}) },
      });
    }
  }
  if (!registry && candidates.length === 0) throw registryError!;

  const byId = new Map<string, SkillRecord>();
  for (const record of candidates) {
    const current = byId.get(record.entry.id);
    if (!current || rank(record) > rank(current)) byId.set(record.entry.id, record);
  }
  const records = candidates.filter((r) => byId.get(r.entry.id) === r);
  return { ...(registry ? { registry } : {}), records, byId };
}

/** The SKILL.md frontmatter of a record, read once. */
export function frontmatterOf(record: SkillRecord): SkillFrontmatter {
  if (!record.frontmatter) {
    let text = "";
    try {
      const file = resolveInside(record.root, String(record.entry.skillFile ?? join(record.entry.path, "SKILL.md")), record.entry.id);
      text = readFileSync(file, "utf8");
    } catch {
      // No readable SKILL.md inside the root means no gating metadata; validation reports the file or the path.
    }
    record.frontmatter = parseFrontmatter(text);
  }
  return record.frontmatter;
}
