import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../core/package-version.ts";
import { privateDirs } from "../core/host/private-files.ts";
import { cachePath } from "./startup-cache.ts";

const require = createRequire(import.meta.url);

type ExportTarget = string | { import?: string };
let aliases: Record<string, string> | undefined;

/**
 * `clawperator` and each of its subpaths (`clawperator/config`, ...) mapped to the files of the running package, as
 * Nuxt and Vite resolve their own package for modules: a plugin or config importing "clawperator" gets the CLI that
 * loads it, whether that CLI is installed globally, in the project, or elsewhere, and never a second copy.
 */
function selfAliases(): Record<string, string> {
  if (aliases) return aliases;
  aliases = {};
  const root = packageRoot();
  if (!root) return aliases;
  const { exports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports?: Record<string, ExportTarget>;
  };
  for (const [subpath, target] of Object.entries(exports ?? {})) {
    const file = typeof target === "string" ? target : target.import;
    const path = file && join(root, file);
    if (path && existsSync(path)) aliases[`clawperator${subpath.slice(1)}`] = path;
  }
  return aliases;
}

/**
 * Runs `load` with a umask that keeps every file it creates to this user (jiti writes its transform cache
 * with the default mode); the 0700 cache directory already keeps others out, this keeps the files 0600 too.
 */
async function withPrivateFiles<T>(load: () => Promise<T>): Promise<T> {
  let previous: number | undefined;
  try {
    previous = process.umask(0o077);
  } catch {
    // Worker threads cannot change the umask; the private directory still protects the files.
  }
  try {
    return await load();
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
}

/**
 * Imports a config file or plugin module relative to `base`, TypeScript included: Node 20 cannot load `.ts`
 * itself, and jiti's transform cache keeps repeated CLI starts fast. jiti is required (CommonJS, no ESM
 * export scan) and only when a module has to be loaded. `fresh` evaluates the module and what it imports anew
 * (a config read again by a long-lived process sees edits); plugins are loaded once per process.
 *
 * `clawperator` itself always resolves to the running package (selfAliases).
 *
 * jiti's own default cache is the shared temp directory (or node_modules/.cache), where another local user can
 * plant code this user would then run; it is kept in `~/.clawperator/cache/jiti` instead, and not used at all
 * when that directory is not private to this user.
 */
export async function importModule(
  specifier: string,
  base: string,
  options: { fresh?: boolean } = {},
): Promise<unknown> {
  const { createJiti } = require("jiti") as typeof import("jiti");
  const fsCache = cachePath("jiti");
  const jiti = createJiti(pathToFileURL(base).href, {
    fsCache: privateDirs(fsCache) ? fsCache : false,
    moduleCache: !options.fresh,
    interopDefault: true,
    alias: selfAliases(),
  });
  return withPrivateFiles(() => jiti.import(specifier, { default: true }));
}
