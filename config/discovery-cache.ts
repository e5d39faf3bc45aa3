import { statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { CONFIG_SEARCH_PLACES, configSearchDirs } from "./search-dirs.ts";
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
function stampPaths(cwd: string): { paths: string[]; searchDirs: Set<string>; globalBase: string } {
  const searchDirs = configSearchDirs(cwd);
  const [globalBase, ...globalDirs] = globalConfigDirs() as [string, ...string[]];
  const paths = searchDirs.flatMap((dir) => [dir, join(dir, ".config"), join(dir, "package.json")]);
  return { paths: [...paths, globalBase, ...globalDirs], searchDirs: new Set(searchDirs), globalBase };
}

/** The search places whose appearance only a directory's mtime shows (package.json has a stamp of its own). */
const DIRECTORY_PLACES = CONFIG_SEARCH_PLACES.filter((place) => place !== "package.json");

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
 * running it is a cost on every CLI start in a project; while nothing on the search path has changed, the answer
 * is known. Starts a stamp list before the search runs, so a file created during the search invalidates it.
 *
 * A directory on the search path changes whenever any file in it is created or removed: an agent saving a
 * screenshot into its working directory would make every next call search again. So a search directory (or the
 * global config directory's parent, whose own child is stamped) that changed keeps the answer when it still holds
 * none of the search places besides the file found; anything else that changed means a new search.
 */
export function discoveryCache(cwd: string): {
  found(): string | null | undefined;
  remember(filepath: string | null): void;
} {
  const { paths, searchDirs, globalBase } = stampPaths(cwd);
  const stamps = (): Stamp[] => paths.map((path) => [path, mtimeOf(path)]);
  const stillFinds = (filepath: string | null, path: string): boolean => {
    if (path === globalBase) return true;
    if (!searchDirs.has(path)) return false;
    return DIRECTORY_PLACES.every((place) => {
      const candidate = join(path, place);
      return candidate === filepath || mtimeOf(candidate) === -1;
    });
  };
  let before: Stamp[] | undefined;
  const write = (filepath: string | null) => {
    const all = readAll();
    delete all[cwd];
    all[cwd] = { filepath, stamps: before! };
    // The most recently used working directories only.
    for (const stale of Object.keys(all).slice(0, -MAX_ENTRIES)) delete all[stale];
    writePrivateFile(cacheFile(), JSON.stringify(all));
  };
  return {
    found() {
      const entry = readAll()[cwd];
      before = stamps();
      if (!entry || entry.stamps.length !== before.length) return undefined;
      if (entry.stamps.some(([path], i) => before![i]![0] !== path)) return undefined;
      const changed = entry.stamps.filter(([, mtime], i) => before![i]![1] !== mtime).map(([path]) => path);
      if (changed.length === 0) return entry.filepath;
      if (!changed.every((path) => stillFinds(entry.filepath, path))) return undefined;
      write(entry.filepath);
      return entry.filepath;
    },
    remember(filepath) {
      if (before) write(filepath);
    },
  };
}
