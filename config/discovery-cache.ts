import { statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { configSearchDirs } from "./search-dirs.ts";
import { readPrivateFile, writePrivateFile } from "../core/host/private-files.ts";
import { cachePath } from "./startup-cache.ts";

/** A path and its mtime (-1: absent) when a search ran; a search is still valid while every stamp matches. */
type Stamp = [path: string, mtimeMs: number];

interface Discovery {
  /** The config file the search found from this working directory, or null for none. */
  filepath: string | null;
  stamps: Stamp[];
}

const mtimeOf = (path: string): number => {
  try {
    // Most stamped paths do not exist: no exception for those (one costs more than the stat).
    return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  } catch {
    return -1;
  }
};

/** Where cosmiconfig looks for a global config (env-paths' config dir for "clawperator"), and its parent. */
function globalConfigDirs(): string[] {
  const home = homedir();
  const base =
    process.platform === "darwin"
      ? join(home, "Library", "Preferences")
      : process.platform === "win32"
        ? (process.env.APPDATA ?? join(home, "AppData", "Roaming"))
        : (process.env.XDG_CONFIG_HOME ?? join(home, ".config"));
  const dir = join(base, "clawperator");
  return process.platform === "win32" ? [base, dir, join(dir, "Config")] : [base, dir];
}

/**
 * Everything whose change could change what the search finds: each directory it looks in (adding, removing or
 * renaming a file, `.git` included, changes its mtime), its `.config` folder and its package.json (which may gain a
 * `clawperator` key), and the global config directory. The list itself depends on the home directory.
 */
function stampPaths(cwd: string): string[] {
  const paths = configSearchDirs(cwd).flatMap((dir) => [dir, join(dir, ".config"), join(dir, "package.json")]);
  return [...paths, ...globalConfigDirs()];
}

const MAX_ENTRIES = 64;

const cacheFile = () => cachePath("config-discovery.json");

function readAll(): Record<string, Discovery> {
  try {
    return JSON.parse(readPrivateFile(cacheFile()) ?? "{}") as Record<string, Discovery>;
  } catch {
    // A damaged cache is as good as none.
    return {};
  }
}

/**
 * Remembers which config file the cosmiconfig search found from a working directory (never whether it may be
 * loaded: that is judged on every load). Creating the search and
 * running it costs ~8 ms per CLI start in a project; while nothing on the search path has changed, the answer
 * is known. Starts a stamp list before the search runs, so a file created during the search invalidates it.
 */
export function discoveryCache(cwd: string): {
  found(): string | null | undefined;
  remember(filepath: string | null): void;
} {
  const stamps = (): Stamp[] => stampPaths(cwd).map((path) => [path, mtimeOf(path)]);
  let before: Stamp[] | undefined;
  return {
    found() {
      const entry = readAll()[cwd];
      before = stamps();
      if (!entry || entry.stamps.length !== before.length) return undefined;
      return entry.stamps.every(([path, mtime], i) => before![i]![0] === path && before![i]![1] === mtime)
        ? entry.filepath
        : undefined;
    },
    remember(filepath) {
      if (!before) return;
      const all = readAll();
      delete all[cwd];
      all[cwd] = { filepath, stamps: before };
      // The most recently used working directories only.
      for (const stale of Object.keys(all).slice(0, -MAX_ENTRIES)) delete all[stale];
      writePrivateFile(cacheFile(), JSON.stringify(all));
    },
  };
}
