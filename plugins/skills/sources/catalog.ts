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
  /** The winner of each name: registry skills first in registry order, then folder skills by source. */
  entries(): RegistrySkill[];
  /** The same, with roots and origins (status, validate --all). */
  records(): SkillRecord[];
  find(id: string): SkillRecord | undefined;
}

const rank = (r: { origin: { precedence: SkillOrigin["precedence"] } }) =>
  SKILL_PRECEDENCE.indexOf(r.origin.precedence);

/**
 * Merges the active registry with the AgentSkills folders of every source (spec/004 section 4): the same name
 * in several places resolves to the highest precedence; at equal precedence the registry entry wins, and within
 * the registry the first entry. A registry found through the managed clone ranks as managed; any other (explicit,
 * env, ./skills) as workspace. Registry records are made only when asked for: listing and searching a
 * 10,000-skill registry touches its entries and nothing else.
 */
export function loadCatalog(input: {
  choice: RegistryChoice;
  managedDir: string;
  sources: readonly SourceDir[];
}): Catalog {
  let registry: LoadedRegistry | undefined;
  let registryError: ClawperatorError | undefined;
  try {
    registry = loadRegistry(input.choice);
  } catch (error) {
    // Explicit and env paths never fall back; a missing default registry is fine while folder skills exist.
    if (
      input.choice.kind !== "defaults" ||
      !(error instanceof ClawperatorError) ||
      error.details?.searched === undefined
    )
      throw error;
    registryError = error;
  }

  const registryDir = registry ? dirname(registry.path) : undefined;
  const folders: SkillRecord[] = [];
  for (const source of input.sources) {
    if (source.dir === registryDir) continue;
    for (const folder of scanSkillFolders(source.dir)) {
      folders.push({
        entry: folder.entry,
        root: folder.root,
        fromRegistry: false,
        frontmatter: folder.frontmatter,
        origin: {
          sourceId: source.id,
          precedence: source.precedence,
          dir: join(folder.root, folder.entry.path),
          ...(source.plugin ? { plugin: source.plugin } : {}),
        },
      });
    }
  }
  if (!registry && folders.length === 0) throw registryError!;

  const precedence =
    registry?.path === join(input.managedDir, "skills", "skills-registry.json") ? "managed" : "workspace";
  const registryRank = SKILL_PRECEDENCE.indexOf(precedence);
  const toRecord = (entry: RegistrySkill): SkillRecord => ({
    entry,
    root: registry!.root,
    fromRegistry: true,
    origin: { sourceId: "registry", precedence, dir: join(registry!.root, String(entry.path ?? "")) },
  });
  // The folder skill that wins each name, and whether it also beats the registry's entry of that name.
  const folderWinners = new Map<string, SkillRecord>();
  for (const record of folders) {
    const current = folderWinners.get(record.entry.id);
    if (!current || rank(record) > rank(current)) folderWinners.set(record.entry.id, record);
  }
  const registrySkills = registry?.skills ?? [];
  const registryIds = new Set<string>();
  const registryEntries: RegistrySkill[] = [];
  for (const entry of registrySkills) {
    if (registryIds.has(entry.id)) continue;
    registryIds.add(entry.id);
    const folder = folderWinners.get(entry.id);
    registryEntries.push(folder && rank(folder) > registryRank ? folder.entry : entry);
  }
  const folderOnly = [...folderWinners.values()].filter((r) => !registryIds.has(r.entry.id));

  return {
    ...(registry ? { registry } : {}),
    entries: () => [...registryEntries, ...folderOnly.map((r) => r.entry)],
    records: () => [
      ...registryEntries.map((e) => (folderWinners.get(e.id)?.entry === e ? folderWinners.get(e.id)! : toRecord(e))),
      ...folderOnly,
    ],
    find(id) {
      const folder = folderWinners.get(id);
      const entry = registryIds.has(id) ? registrySkills.find((e) => e.id === id) : undefined;
      if (entry && !(folder && rank(folder) > registryRank)) return toRecord(entry);
      return folder;
    },
  };
}

/** The SKILL.md frontmatter of a record, read once. */
export function frontmatterOf(record: SkillRecord): SkillFrontmatter {
  if (!record.frontmatter) {
    let text = "";
    try {
      const file = resolveInside(
        record.root,
        String(record.entry.skillFile ?? join(record.entry.path, "SKILL.md")),
        record.entry.id,
      );
      text = readFileSync(file, "utf8");
    } catch {
      // No readable SKILL.md inside the root means no gating metadata; validation reports the file or the path.
    }
    record.frontmatter = parseFrontmatter(text);
  }
  return record.frontmatter;
}
