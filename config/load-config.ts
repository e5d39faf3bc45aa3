import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { CosmiconfigResult, Loader } from "cosmiconfig";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { assertReadableConfig, trustedLoader } from "./config-file-check.ts";
import { discoveryCache } from "./discovery-cache.ts";
import { CONFIG_SEARCH_PLACES, configSearchDirs } from "./search-dirs.ts";
import { jsonSyntaxProblem, type SyntaxProblem } from "../core/contracts/json-syntax.ts";
import { yamlSyntaxProblem } from "./syntax-error.ts";
import { importModule } from "./module-loader.ts";
import { loadTypeScriptConfig } from "./typescript-config.ts";
import { validationCache } from "./validation-cache.ts";
import type { ClawperatorConfig } from "./schema.ts";

const loadTypeScript: Loader = trustedLoader((filepath, content) => loadTypeScriptConfig(filepath, content));

function invalid(
  file: string,
  message: string,
  details: Record<string, unknown> = {},
  cause?: unknown,
): ClawperatorError {
  return new ClawperatorError("CONFIG_INVALID", `${file}: ${message}`, { details: { file, ...details }, cause });
}

/** Where a JSON or YAML config stops parsing: cosmiconfig's own messages keep the reason on later lines, or omit it. */
function syntaxProblem(file: string, error: unknown): SyntaxProblem | undefined {
  if ((error as Error | undefined)?.name === "JSONError") {
    try {
      return jsonSyntaxProblem(readFileSync(file, "utf8"));
    } catch {
      return undefined;
    }
  }
  return yamlSyntaxProblem(error);
}

/** Node could not resolve `clawperator` (or a subpath) imported by the config: the project has no copy of it. */
const missingSelf = (error: unknown) =>
  ["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND"].includes((error as { code?: string })?.code ?? "") &&
  /'clawperator(\/[^']*)?'/.test(String((error as Error).message).split("\n")[0]!);

/**
 * A JavaScript config, loaded by Node itself (cosmiconfig's own loader falls back to a CommonJS path that cannot
 * run in the bundle), by a URL that changes with the file: Node keeps a module per URL for the life of the process,
 * and a long-lived one that loads its config again (serve, mcp, the programmatic API) must see the file as it is now. One that imports
 * `clawperator/config` while the CLI is installed globally (no copy in the project) is loaded again through the
 * loader that resolves it to the running package.
 */
const loadJavaScript: Loader = trustedLoader(async (filepath) => {
  try {
    return (
      (await import(`${pathToFileURL(filepath).href}?mtime=${statSync(filepath).mtimeMs}`)) as { default?: unknown }
    ).default;
  } catch (error) {
    if (!missingSelf(error)) throw error;
    return importModule(filepath, filepath, { fresh: true });
  }
});

type SearchStrategy = { searchStrategy: "none" } | { searchStrategy: "global"; stopDir: string };

/** cosmiconfig with every loader judging its file first (config-file-check.ts). */
async function explorer(strategy: SearchStrategy = { searchStrategy: "none" }) {
  // A CommonJS package: its module.exports is the namespace's default, in Node and in the bundle alike.
  const { cosmiconfig, defaultLoaders } = (
    (await import("cosmiconfig")) as unknown as { default: typeof import("cosmiconfig") }
  ).default;
  const loaders: Record<string, Loader> = {};
  for (const [extension, load] of Object.entries(defaultLoaders)) loaders[extension] = trustedLoader(load);
  return cosmiconfig("clawperator", {
    searchPlaces: CONFIG_SEARCH_PLACES,
    ...strategy,
    loaders: {
      ...loaders,
      ".ts": loadTypeScript,
      ".mts": loadTypeScript,
      ".js": loadJavaScript,
      ".mjs": loadJavaScript,
      ".cjs": loadJavaScript,
    },
  });
}

/** A TypeScript config found before: loaded without cosmiconfig, unless it uses cosmiconfig's `$import`. */
async function loadKnownTypeScript(filepath: string): Promise<CosmiconfigResult | undefined> {
  let config: unknown;
  try {
    config = await loadTypeScript(filepath, readFileSync(filepath, "utf8"));
  } catch (error) {
    // As cosmiconfig does, so the error names the file.
    throw Object.assign(error as Error, { filepath });
  }
  if (config !== null && typeof config === "object" && "$import" in config) return undefined;
  return config === undefined ? { filepath, config, isEmpty: true } : { filepath, config };
}

/**
 * cosmiconfig's search, one directory at a time so that each directory's candidates are checked before any is
 * read, over the directories of `configSearchDirs`; the last one is searched with the global config directory.
 */
async function search(cwd: string): Promise<CosmiconfigResult> {
  const dirs = configSearchDirs(cwd);
  const local = await explorer();
  for (const [i, dir] of dirs.entries()) {
    for (const place of CONFIG_SEARCH_PLACES) assertReadableConfig(join(dir, place));
    if (i === dirs.length - 1) break;
    const found = await local.search(dir);
    if (found) return found;
  }
  const stopDir = dirs[dirs.length - 1]!;
  return (await explorer({ searchStrategy: "global", stopDir })).search(stopDir);
}

/** Searches upward from `cwd`, or reloads the file an unchanged search path found before (judged again). */
async function discover(cwd: string): Promise<CosmiconfigResult> {
  const cache = discoveryCache(cwd);
  const known = cache.found();
  if (known === null) return null;
  if (known !== undefined && existsSync(known)) {
    assertReadableConfig(known);
    if ([".ts", ".mts"].includes(extname(known))) {
      const loaded = await loadKnownTypeScript(known);
      if (loaded) return loaded;
    }
    return (await explorer()).load(known);
  }
  const found = await search(cwd);
  cache.remember(found?.filepath ?? null);
  return found;
}

/**
 * Finds the config upward from `cwd` (or loads `configPath`), validates it, and reports an invalid one with the
 * file, the key path and the reason. No config file means the defaults.
 */
export async function loadConfig(options: { cwd: string; configPath?: string }): Promise<ClawperatorConfig> {
  const explicit = options.configPath === undefined ? undefined : resolve(options.cwd, options.configPath);
  if (explicit !== undefined && !existsSync(explicit)) {
    throw invalid(explicit, "config file not found", {}, undefined);
  }

  let found: CosmiconfigResult;
  try {
    if (explicit !== undefined) assertReadableConfig(explicit);
    found = explicit === undefined ? await discover(options.cwd) : await (await explorer()).load(explicit);
  } catch (error) {
    if (error instanceof ClawperatorError) throw error;
    const file = explicit ?? (error as { filepath?: string }).filepath ?? "config";
    const syntax = syntaxProblem(file, error);
    if (syntax)
      throw invalid(file, `line ${syntax.line}, column ${syntax.column}: ${syntax.reason}`, { ...syntax }, error);
    throw invalid(file, `could not be loaded: ${(error as Error).message.split("\n")[0]}`, {}, error);
  }
  if (found === null) return { plugins: [], disablePlugins: [] };

  // zod is slow to load (bench/RESULTS.md); only a config file that exists needs validating, and only once per value.
  const value: unknown = found.isEmpty ? {} : found.config;
  const cache = validationCache(value);
  const cached = cache.get();
  if (cached) return { ...cached, filepath: found.filepath };
  const [{ ConfigSchema }, { formatPath, issueMessage, issuePath }] = await Promise.all([
    import("./schema.js"),
    import("../core/contracts/issue-message.js"),
  ]);
  const parsed = ConfigSchema.safeParse(value);
  if (!parsed.success) {
    const config = found.config as unknown;
    const issues = parsed.error.issues.map((issue) => {
      const path = formatPath(issuePath(issue)) || "(root)";
      const message = issueMessage(issue, config);
      return {
        path,
        message: message.startsWith(`${path} `) ? `${path}: ${message.slice(path.length + 1)}` : `${path}: ${message}`,
      };
    });
    throw invalid(found.filepath, issues[0]!.message, { path: issues[0]!.path, issues });
  }
  cache.set(parsed.data);
  return { ...parsed.data, filepath: found.filepath };
}
