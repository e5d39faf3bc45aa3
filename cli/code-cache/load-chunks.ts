import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { Script } from "node:vm";
import { privateDirs, readOwnFile, writePrivateFile } from "../../core/host/private-files.ts";
import { cachePath } from "../../config/startup-cache.ts";

// The CLI's code as V8 compiled it in an earlier call of the same command. Node 20 keeps no compiled code between
// runs, and most of a command's start-up was compiling its modules. V8's code cache, made after a call from the
// functions that call compiled, lets the next call skip that; CommonJS run through vm.Script is the shape V8's cache
// API takes without flags (ES modules would need --experimental-vm-modules), so the build turns each chunk of the
// CLI into CommonJS (scripts/bundle-cli.mjs) and this runs them, each chunk once, as a module loader would.

/** What a chunk's code sees besides CommonJS's own: its URL for import.meta.url, and the loader's import(). */
const WRAPPER = "(function (exports, require, module, __filename, __dirname, __clawperatorUrl, __clawperatorImport) {";
/** Commands a build keeps caches for; past it a command runs uncached rather than the folder growing without end. */
const MAX_COMMANDS = 64;
const WORD = /^[a-z][a-z0-9-]{0,31}$/;

/** The command an argv names, by its first two words: each command's cache holds the code its own calls compile. */
export function commandKey(argv: readonly string[]): string {
  const words: string[] = [];
  for (const arg of argv.slice(0, 2)) {
    if (!WORD.test(arg)) break;
    words.push(arg);
  }
  return words.join("-") || "other";
}

/** hit: the cache was used; miss: there was none; rejected: V8 refused it (another V8, flags or source). */
export type CacheState = "hit" | "miss" | "rejected";

interface Chunk {
  module: { exports: Record<string, unknown> };
  script: Script;
  cache: CacheState;
}

export interface LoadedChunks {
  /** The entry chunk's exports. */
  exports: unknown;
  /** Each chunk run so far, by file name, and what became of its cache. */
  caches(): Record<string, CacheState>;
  /** Writes what V8 compiled so far as the cache of each chunk whose cache was missing or refused. */
  saveCaches(): void;
}

/**
 * The cache folder of command `key` for the chunks in `dir`: per Node version and architecture, and per build (the
 * entry's size and modification time), so a cache is never offered to another build; V8 still checks its own
 * version, flags and the source, and refuses the rest.
 */
export function cacheDirOf(dir: string, entry: string, key: string): string {
  const stat = statSync(join(dir, entry));
  return cachePath("code", `${process.version}-${process.arch}`, `${stat.size}-${Math.trunc(stat.mtimeMs)}`, key);
}

/** Room for one more command's caches in this build; other builds' caches of this Node version go on the way. */
function roomFor(commandDir: string): boolean {
  const build = dirname(commandDir);
  const version = dirname(build);
  try {
    for (const other of readdirSync(version))
      if (other !== basename(build)) rmSync(join(version, other), { recursive: true, force: true });
    const commands = readdirSync(build);
    return commands.includes(basename(commandDir)) || commands.length < MAX_COMMANDS;
  } catch {
    return true;
  }
}

/**
 * Runs the chunk `entry` of `dir` and, as they are required or imported, the chunks it needs, each compiled from the
 * code cache of command `key`. Chunks are ASCII (the build escapes the rest), so they are read as one-byte text.
 */
export function loadChunks(dir: string, entry: string, key: string): LoadedChunks {
  let cacheDir: string | undefined;
  try {
    cacheDir = cacheDirOf(dir, entry, key);
  } catch {
    cacheDir = undefined;
  }
  // V8 checks a code cache's checksum only with this flag (on by default in debug builds only): without it a corrupt
  // cache file crashes every call (SIGSEGV) until it is deleted. Part of V8's flag hash: caches made here match.
  if (cacheDir !== undefined) setFlagsFromString("--verify-snapshot-checksum");
  // Looked for first: making it private makes its folders, and a call that fails leaves none behind. Checked once;
  // each file in it is then only checked for being this user's alone.
  const readDir = cacheDir !== undefined && existsSync(cacheDir) && privateDirs(cacheDir) ? cacheDir : undefined;
  const chunks = new Map<string, Chunk>();
  const nodeRequire = createRequire(join(dir, entry));
  // Chunk names are the build's own ([name]-[hash].js, nothing a URL escapes): one conversion for all.
  const dirUrl = pathToFileURL(join(dir, "/")).href;
  const chunkName = (specifier: string) => (specifier.startsWith("./") ? specifier.slice(2) : undefined);
  const requireChunk = (specifier: string) => {
    const other = chunkName(specifier);
    return other === undefined ? nodeRequire(specifier) : load(other).exports;
  };
  // import() in a chunk (see scripts/bundle-cli.mjs): another chunk, or through Node's loader from this module.
  const importChunk = async (specifier: string) => {
    const other = chunkName(specifier);
    return other === undefined ? import(specifier) : load(other).exports;
  };

  function load(name: string): Chunk["module"] {
    const loaded = chunks.get(name);
    if (loaded) return loaded.module;
    const file = join(dir, name);
    const cachedData = readDir === undefined ? undefined : readOwnFile(join(readDir, `${name}.bin`));
    const script = new Script(`${WRAPPER}${readFileSync(file, "latin1")}\n})`, {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
    });
    const cache: CacheState = !cachedData ? "miss" : script.cachedDataRejected ? "rejected" : "hit";
    const module = { exports: {} };
    // Registered before it runs: chunks that require each other get the exports made so far, as CommonJS does.
    chunks.set(name, { module, script, cache });
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    run.call(module.exports, module.exports, requireChunk, module, file, dir, `${dirUrl}${name}`, importChunk);
    return module;
  }

  return {
    exports: load(entry).exports,
    caches: () => Object.fromEntries([...chunks].map(([name, chunk]) => [name, chunk.cache])),
    saveCaches() {
      if (cacheDir === undefined) return;
      const stale = [...chunks].filter(([, chunk]) => chunk.cache !== "hit");
      if (stale.length === 0 || !roomFor(cacheDir)) return;
      for (const [name, chunk] of stale)
        writePrivateFile(join(cacheDir, `${name}.bin`), chunk.script.createCachedData());
    },
  };
}
