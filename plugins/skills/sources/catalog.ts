import { existsSync } from "node:fs";
import { join } from "node:path";
import { dirname } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { SKILL_PRECEDENCE, type SkillPrecedence } from "../../../core/kernel/contributions.ts";
import type { RegistrySkill, SkillOrigin } from "../../../core/services/skills.ts";
import { loadRegistry, type LoadedRegistry } from "../registry/load-registry.ts";
import type { RegistryChoice } from "../registry/registry-path.ts";
import type { FrontmatterProblem, SkillFrontmatter } from "./frontmatter.ts";
import { scanSkillFolders } from "./scan-folders.ts";
import type { SourceDir } from "./source-dirs.ts";
import { readRegistryFrontmatter } from "./registry-frontmatter.ts";

/** One skill as the runtime sees it: its registry-shaped entry, the root its paths are relative to, its origin. */
export interface SkillRecord {
  entry: RegistrySkill;
  root: string;
  origin: SkillOrigin;
  fromRegistry: boolean;
  /** Read on first use for registry skills (gating needs it; listing a registry alone does not). */
  frontmatter?: SkillFrontmatter;
  problem?: FrontmatterProblem;
}

/** Two skills of one name: the one that ranks higher wins (spec/004 section 4). */
export interface SkillCollision {
  name: string;
  winner: { source: SkillPrecedence; path: string };
  loser: { source: SkillPrecedence; path: string };
}

export interface Catalog {
  registry?: LoadedRegistry;
  /** No registry in any default place (the paths looked at): the catalog holds folder skills only. */
  missingRegistry?: { searched: string[] };
  /** Other default places that hold a registry the one read hides. */
  shadowedRegistries: string[];
  /** The winner of each name: registry skills first in registry order, then folder skills by source. */
  entries(): RegistrySkill[];
  /** The same, with roots and origins. */
  records(): SkillRecord[];
  /** Folders whose SKILL.md cannot be used: reported by status, never loaded. */
  invalid(): SkillRecord[];
  collisions: SkillCollision[];
  find(id: string): SkillRecord | undefined;
  /** The source folders scanned (what a watcher watches). */
  sources: readonly SourceDir[];
}

const rank = (r: { origin: { precedence: SkillPrecedence } }) => SKILL_PRECEDENCE.indexOf(r.origin.precedence);
const skillPath = (r: SkillRecord) => join(r.root, String(r.entry.skillFile ?? join(r.entry.path, "SKILL.md")));

/**
 * Merges the active registry with the AgentSkills folders of every source (spec/004 section 4): the same name in
 * several places resolves to the highest tier, the last writer of equal tier winning; at equal tier the registry
 * entry wins, and within the registry the first entry. A registry from the managed clone ranks as managed; any
 * other (explicit, env, ./skills) as workspace. Registry records are made only when asked for: listing and
 * searching a 10,000-skill registry touches its entries and nothing else.
 */
export function loadCatalog(input: {
  choice: RegistryChoice;
  /** Registry files that are the managed clone's (the clone, and the path the reference runtime used). */
  managedRegistries: readonly string[];
  sources: readonly SourceDir[];
  onSkip?: (path: string, reason: string) => void;
}): Catalog {
  let registry: LoadedRegistry | undefined;
  let missingRegistry: { searched: string[] } | undefined;
  try {
    registry = loadRegistry(input.choice);
  } catch (error) {
    // Explicit and env paths never fall back; none in the default places is a user who has not installed one yet.
    if (
      input.choice.kind !== "defaults" ||
      !(error instanceof ClawperatorError) ||
      error.details?.searched === undefined
    )
      throw error;
    missingRegistry = { searched: input.choice.paths };
  }
  const shadowedRegistries =
    registry && input.choice.kind === "defaults"
      ? input.choice.paths.slice(input.choice.paths.indexOf(registry.path) + 1).filter((path) => existsSync(path))
      : [];

  const registryDir = registry ? dirname(registry.path) : undefined;
  const folders: SkillRecord[] = [];
  const invalid: SkillRecord[] = [];
  for (const source of input.sources) {
    if (source.dir === registryDir) continue;
    const scan = scanSkillFolders(source.dir, {
      allowOutside: source.allowOutside,
      ...(input.onSkip ? { onSkip: input.onSkip } : {}),
    });
    for (const folder of scan) {
      const record: SkillRecord = {
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
        ...(folder.problem ? { problem: folder.problem } : {}),
      };
      (folder.problem ? invalid : folders).push(record);
    }
  }

  const precedence = registry && input.managedRegistries.includes(registry.path) ? "managed" : "workspace";
  const registryRank = SKILL_PRECEDENCE.indexOf(precedence);
  const toRecord = (entry: RegistrySkill): SkillRecord => ({
    entry,
    root: registry!.root,
    fromRegistry: true,
    origin: { sourceId: "registry", precedence, dir: join(registry!.root, String(entry.path ?? "")) },
  });
  // The folder skill that wins each name (sources come lowest tier first: the last of a tier wins, as OpenClaw).
  const collisions: SkillCollision[] = [];
  const collide = (winner: SkillRecord, loser: SkillRecord) => {
    if (skillPath(winner) === skillPath(loser)) return;
    collisions.push({
      name: winner.entry.id,
      winner: { source: winner.origin.precedence, path: skillPath(winner) },
      loser: { source: loser.origin.precedence, path: skillPath(loser) },
    });
  };
  const folderWinners = new Map<string, SkillRecord>();
  for (const record of folders) {
    const current = folderWinners.get(record.entry.id);
    if (current && rank(record) < rank(current)) {
      collide(current, record);
      continue;
    }
    if (current) collide(record, current);
    folderWinners.set(record.entry.id, record);
  }
  const registrySkills = registry?.skills ?? [];
  // The first entry of each id, the one that counts.
  const registryById = new Map<string, RegistrySkill>();
  const registryEntries: RegistrySkill[] = [];
  for (const entry of registrySkills) {
    if (registryById.has(entry.id)) continue;
    registryById.set(entry.id, entry);
    const folder = folderWinners.get(entry.id);
    if (folder && rank(folder) > registryRank) {
      collide(folder, toRecord(entry));
      registryEntries.push(folder.entry);
    } else {
      if (folder) collide(toRecord(entry), folder);
      registryEntries.push(entry);
    }
  }
  const folderOnly = [...folderWinners.values()].filter((r) => !registryById.has(r.entry.id));
  const registryRecords = new Map<string, SkillRecord>();
  const recordOf = (entry: RegistrySkill) => {
    const folder = folderWinners.get(entry.id);
    if (folder?.entry === entry) return folder;
    const known = registryRecords.get(entry.id);
    if (known) return known;
    const record = toRecord(entry);
    registryRecords.set(entry.id, record);
    return record;
  };

  return {
    ...(registry ? { registry } : {}),
    ...(missingRegistry ? { missingRegistry } : {}),
    shadowedRegistries,
    collisions,
    sources: input.sources,
    entries: () => [...registryEntries, ...folderOnly.map((r) => r.entry)],
    records: () => [...registryEntries.map(recordOf), ...folderOnly],
    invalid: () => invalid,
    find(id) {
      const folder = folderWinners.get(id);
      const entry = registryById.get(id);
      if (entry && !(folder && rank(folder) > registryRank)) return recordOf(entry);
      return folder;
    },
  };
}

/** The SKILL.md frontmatter of a record, read once. */
export function frontmatterOf(record: SkillRecord): SkillFrontmatter {
  if (!record.frontmatter) {
    const relative = String(record.entry.skillFile ?? join(record.entry.path, "SKILL.md"));
    record.frontmatter = readRegistryFrontmatter(record.root, relative, record.entry.id);
    if (record.frontmatter.problem && !record.problem) record.problem = record.frontmatter.problem;
  }
  return record.frontmatter;
}

/** The absolute path of a record's SKILL.md. */
export const skillFileOf = skillPath;
