import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Loader } from "cosmiconfig";
// The default import of a CommonJS package is its module.exports, in Node and in the bundle alike.
import cosmiconfigModule from "cosmiconfig";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { loadTypeScriptConfig } from "./typescript-config.ts";
import { validationCache } from "./validation-cache.ts";
import type { ClawperatorConfig } from "./schema.ts";

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

const loadTypeScript: Loader = (filepath, content) => loadTypeScriptConfig(filepath, content);

function invalid(file: string, message: string, details: Record<string, unknown> = {}, cause?: unknown): ClawperatorError {
  return new ClawperatorError("CONFIG_INVALID", `${file}: ${message}`, { details: { file, ...details }, cause });
}

/**
 * Finds the config upward from `cwd` (or loads `configPath`), validates it, and reports an invalid one with the
 * file, the key path and the reason. No config file means the defaults.
 */
export async function loadConfig(options: { cwd: string; configPath?: string }): Promise<ClawperatorConfig> {
  const { cosmiconfig } = cosmiconfigModule;
  const explorer = cosmiconfig("clawperator", {
    searchPlaces: CONFIG_SEARCH_PLACES,
    searchStrategy: "global",
    loaders: { ".ts": loadTypeScript, ".mts": loadTypeScript },
  });
  const explicit = options.configPath === undefined ? undefined : resolve(options.cwd, options.configPath);
  if (explicit !== undefined && !existsSync(explicit)) {
    throw invalid(explicit, "config file not found", {}, undefined);
  }

  let found: Awaited<ReturnType<typeof explorer.search>>;
  try {
    found = explicit === undefined ? await explorer.search(options.cwd) : await explorer.load(explicit);
  } catch (error) {
    const file = explicit ?? ((error as { filepath?: string }).filepath ?? "config");
    throw invalid(file, `could not be loaded: ${(error as Error).message.split("\n")[0]}`, {}, error);
  }
  if (found === null) return { plugins: [], disablePlugins: [] };

  // zod costs ~60 ms to load; only a config file that exists needs validating, and only once per value.
  const value: unknown = found.isEmpty ? {} : found.config;
  const cache = validationCache(value);
  const cached = cache.get();
  if (cached) return { ...cached, filepath: found.filepath };
  const [{ ConfigSchema }, { formatPath, issueMessage, issuePath }] = await Promise.all([import("./schema.js"), import("../core/contracts/issue-message.js")]);
  const parsed = ConfigSchema.safeParse(value);
  if (!parsed.success) {
    const config = found.config as unknown;
    const issues = parsed.error.issues.map((issue) => {
      const path = formatPath(issuePath(issue)) || "(root)";
      const message = issueMessage(issue, config);
      return { path, message: message.startsWith(`${path} `) ? `${path}: ${message.slice(path.length + 1)}` : `${path}: ${message}` };
    });
    throw invalid(found.filepath, issues[0]!.message, { path: issues[0]!.path, issues });
  }
  cache.set(parsed.data);
  return { ...parsed.data, filepath: found.filepath };
}
