import { existsSync, type FSWatcher, watch } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import type { Clock } from "../../../core/host/clock.ts";
import type { LocalSkills } from "../service/skills-service.ts";
import type { Catalog } from "../sources/catalog.ts";
import { configFileOf } from "../service/config-file.ts";
import { DEFAULT_WATCH_DEBOUNCE_MS } from "../skills-config.ts";
import { Debouncer } from "./debounce.ts";

/** At most this many folders are watched (each costs an inotify watch); past it, a warning says so. */
const MAX_WATCHED = 2_000;

/** A folder to watch and which of its entries matter (undefined: any). */
interface Target {
  dir: string;
  names?: ReadonlySet<string>;
}

/** The nearest folder of `path` that exists, and the name of its child on the way to `path`. */
function nearestExisting(path: string): Target | undefined {
  let child = path;
  for (let dir = dirname(path); dir !== child; child = dir, dir = dirname(dir)) {
    if (existsSync(dir)) return { dir, names: new Set([basename(child)]) };
  }
  return undefined;
}

/**
 * What the skills depend on, as folders to watch: each source folder (a skill folder added or removed), each skill
 * folder and the group folders above it (its SKILL.md changed), the registry file's folder, the config file's
 * folder (that file only), and for a source folder that does not exist yet the nearest folder above it.
 */
export function watchTargets(localSkills: LocalSkills): Target[] {
  let catalog: Catalog | undefined;
  try {
    catalog = localSkills.catalog();
  } catch {
    // No skills yet (no registry, no folder): the source folders are watched for the first one.
  }
  const sources = catalog?.sources ?? localSkills.sourceDirs();
  const targets = new Map<string, Target>();
  const add = (t: Target) => {
    const known = targets.get(t.dir);
    if (known?.names === undefined && known) return;
    if (known && t.names) targets.set(t.dir, { dir: t.dir, names: new Set([...known.names!, ...t.names]) });
    else targets.set(t.dir, t);
  };
  for (const source of sources) {
    if (existsSync(source.dir)) add({ dir: source.dir });
    else {
      const near = nearestExisting(source.dir);
      if (near) add(near);
    }
  }
  const records = catalog ? [...catalog.records().filter((r) => !r.fromRegistry), ...catalog.invalid()] : [];
  for (const record of records) {
    const source = sources.find((s) => record.origin.dir.startsWith(s.dir + sep) || record.origin.dir === s.dir);
    add({ dir: record.origin.dir, names: new Set(["SKILL.md", "skill.json"]) });
    if (!source) continue;
    // Group folders between the source and the skill (skills/<group>/<skill>).
    const parts = relative(source.dir, record.origin.dir).split(sep).slice(0, -1);
    for (let i = 1; i <= parts.length; i++) add({ dir: join(source.dir, ...parts.slice(0, i)) });
  }
  if (catalog?.registry)
    add({ dir: dirname(catalog.registry.path), names: new Set([basename(catalog.registry.path)]) });
  const config = configFileOf(localSkills.config).path;
  if (existsSync(dirname(config))) add({ dir: dirname(config), names: new Set([basename(config)]) });
  else {
    const near = nearestExisting(dirname(config));
    if (near) add(near);
  }
  return [...targets.values()];
}

export interface SkillsWatcher {
  close(): void;
  /** The folders being watched now. */
  watched(): string[];
}

/**
 * Watches the skill folders and the config for a long-lived host: a SKILL.md added, changed or removed, or the
 * config changed, invalidates the service's snapshots after `skills.load.watchDebounceMs` (default 250) of quiet,
 * which announces the new version; the folders watched are worked out again after each rebuild.
 */
export function watchSkills(localSkills: LocalSkills, clock?: Clock): SkillsWatcher {
  const ms = localSkills.skillsConfig.load?.watchDebounceMs ?? DEFAULT_WATCH_DEBOUNCE_MS;
  let watchers: FSWatcher[] = [];
  let dirs: string[] = [];
  let configChanged = false;
  let warned = false;
  const config = () => configFileOf(localSkills.config).path;
  const arm = () => {
    for (const w of watchers) w.close();
    watchers = [];
    let targets: Target[];
    try {
      targets = watchTargets(localSkills);
    } catch (error) {
      localSkills.logger.warn(`skills: not watching (${(error as Error).message})`);
      targets = [];
    }
    if (targets.length > MAX_WATCHED && !warned) {
      warned = true;
      localSkills.logger.warn(`skills: ${targets.length} folders to watch; watching the first ${MAX_WATCHED}`);
    }
    dirs = [];
    for (const target of targets.slice(0, MAX_WATCHED)) {
      try {
        const watcher = watch(target.dir, { persistent: false }, (_event, name) => {
          const file = name === null ? undefined : String(name);
          if (target.names && file !== undefined && !target.names.has(file)) return;
          if (file !== undefined && join(target.dir, file) === config()) configChanged = true;
          debounce.trigger();
        });
        watcher.on("error", () => debounce.trigger());
        watchers.push(watcher);
        dirs.push(target.dir);
      } catch (error) {
        if (!warned) localSkills.logger.warn(`skills: cannot watch ${target.dir}: ${(error as Error).message}`);
        warned = true;
      }
    }
  };
  const debounce = new Debouncer(
    ms,
    async () => {
      const reload = configChanged;
      configChanged = false;
      await localSkills.invalidate(reload ? "config changed" : "skill files changed", reload);
      arm();
    },
    clock,
  );
  arm();
  return {
    close() {
      debounce.close();
      for (const w of watchers) w.close();
      watchers = [];
    },
    watched: () => [...dirs],
  };
}
