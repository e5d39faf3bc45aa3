import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

/** The file names the search looks for in each directory, in cosmiconfig's order of precedence. */
export const CONFIG_SEARCH_PLACES = [
  "package.json",
  ".clawperatorrc",
  ".clawperatorrc.json",
  ".clawperatorrc.yaml",
  ".clawperatorrc.yml",
  "clawperator.config.ts",
  "clawperator.config.mts",
  "clawperator.config.js",
  "clawperator.config.mjs",
  "clawperator.config.cjs",
  "clawperator.config.json",
];

/**
 * The directories the config search looks in, from `cwd` upward: it stops at the home directory or at the root of
 * a project (a directory holding `.git`), as ESLint and TypeScript do, and reaches the filesystem root only from
 * outside both. Above them lie directories other users share (/tmp, /home), where a config is nobody's to plant.
 */
export function configSearchDirs(cwd: string, home = homedir()): string[] {
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dir === home || dirname(dir) === dir || existsSync(join(dir, ".git"))) return dirs;
  }
}
