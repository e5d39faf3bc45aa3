import { join, resolve } from "node:path";
import type { SkillSourceContribution } from "../../../core/kernel/contributions.ts";
import type { ContributionList } from "../../../core/kernel/registries.ts";
import { packageRoot } from "../../../core/package-version.ts";
import type { Logger } from "../../../core/services/logger.ts";
import { migrateLegacyClone } from "../registry/migrate-clone.ts";
import { chooseRegistry, legacyCloneDir, REGISTRY_SUBPATH } from "../registry/registry-path.ts";
import type { SkillsConfig } from "../skills-config.ts";
import { type Catalog, loadCatalog, skillFileOf } from "../sources/catalog.ts";
import { type SourceDir, sourceDirs } from "../sources/source-dirs.ts";

/** Where this machine's skills are: what the catalog of LocalSkills is read from. */
export interface CatalogPlaces {
  skillsConfig: SkillsConfig;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The config file's folder (relative skills.registry and extraDirs resolve there). */
  configDir: string;
  managedDir: string;
  cloneDir: string;
  sources: ContributionList<SkillSourceContribution>;
  logger: Logger;
}

/** Warnings a process gives once (a collision, a capped plugin tier): a watcher rebuilding must not repeat them. */
const warned = new Set<string>();

export function warnOnce(logger: Logger, key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  logger.warn(message);
}

/** Moves a registry clone the reference runtime left in the managed folder to its own place (once). */
export function migrateClone(places: CatalogPlaces): void {
  if (places.skillsConfig.dir) return;
  try {
    const moved = migrateLegacyClone(legacyCloneDir(), places.cloneDir);
    if (moved)
      places.logger.info(
        `skills: moved the registry clone from ${moved.from} to ${moved.to}` +
          (moved.keptInManaged.length ? `; kept ${moved.keptInManaged.join(", ")} in ${moved.from}` : ""),
      );
  } catch (error) {
    warnOnce(
      places.logger,
      "migrate",
      `skills: the registry clone in ${legacyCloneDir()} was not moved: ${String(error)}`,
    );
  }
}

/** The folders skills are read from, lowest tier first (what a watcher watches, whatever the catalog holds). */
export function localSourceDirs(places: CatalogPlaces): SourceDir[] {
  const cfg = places.skillsConfig;
  const root = packageRoot();
  return sourceDirs({
    cwd: places.cwd,
    managedDir: places.managedDir,
    configDir: places.configDir,
    contributed: places.sources,
    ...(root ? { bundledDirs: [join(root, "plugins", "openclaw", "skills")] } : {}),
    ...(cfg.load?.extraDirs ? { extraDirs: cfg.load.extraDirs } : {}),
    onCapped: (plugin, id, asked) =>
      warnOnce(
        places.logger,
        `cap:${plugin}:${id}`,
        `skills: plugin ${plugin} asked for the "${asked}" tier for ${id}; plugin folders rank as bundled at most`,
      ),
  });
}

/** The registry and every folder source, read now; what the user should know about them is warned once. */
export function loadLocalCatalog(places: CatalogPlaces): Catalog {
  migrateClone(places);
  const { skillsConfig: cfg, logger } = places;
  const choice = chooseRegistry({
    ...(cfg.registry ? { explicit: resolve(places.configDir, cfg.registry) } : {}),
    env: places.env,
    cwd: places.cwd,
    cloneDir: places.cloneDir,
  });
  const catalog = loadCatalog({
    choice,
    managedRegistries: [join(places.cloneDir, REGISTRY_SUBPATH), join(legacyCloneDir(), REGISTRY_SUBPATH)],
    sources: localSourceDirs(places),
    onSkip: (path, reason) => warnOnce(logger, `skip:${path}`, `skills: skipped ${path}: ${reason}`),
  });
  warnAbout(catalog, logger);
  return catalog;
}

function warnAbout(catalog: Catalog, logger: Logger): void {
  for (const c of catalog.collisions)
    warnOnce(
      logger,
      `collision:${c.name}:${c.winner.path}:${c.loser.path}`,
      `skills: precedence collision for "${c.name}": winner ${c.winner.source}:${c.winner.path}, ` +
        `loser ${c.loser.source}:${c.loser.path}`,
    );
  if (catalog.registry && catalog.shadowedRegistries.length)
    warnOnce(
      logger,
      `shadowed:${catalog.registry.path}`,
      `skills: reading the registry at ${catalog.registry.path}; ${catalog.shadowedRegistries.join(", ")} ` +
        `${catalog.shadowedRegistries.length === 1 ? "is" : "are"} not read (the first found wins; set ` +
        `CLAWPERATOR_SKILLS_REGISTRY or config skills.registry to choose)`,
    );
  for (const r of catalog.invalid())
    warnOnce(
      logger,
      `invalid:${skillFileOf(r)}:${r.problem?.reason}`,
      `skills: ${skillFileOf(r)} is invalid${r.problem?.line ? ` (line ${r.problem.line})` : ""}: ${r.problem?.reason}`,
    );
}
