import { createRequire } from "node:module";
import { dirname } from "node:path";
import { defineConfig } from "./define-config.ts";
import { importModule } from "./module-loader.ts";
import { cacheEntry } from "./startup-cache.ts";

/** What a config may import and still take the fast path: clawperator's own config entry point. */
const SELF_IMPORTS: Record<string, unknown> = { "clawperator/config": { defineConfig } };

const require = createRequire(import.meta.url);

/** The specifiers jiti's CommonJS output requires, or undefined when it loads anything in another way. */
function requiredSpecifiers(code: string): string[] | undefined {
  if (/\bjitiImport\b|\bimport\s*\(|\bimport\.meta\b/.test(code)) return undefined;
  return [...code.matchAll(/\brequire\(\s*"([^"]*)"\s*\)/g)].map((m) => m[1]!);
}

/** Runs jiti's CommonJS output as a module whose only imports are SELF_IMPORTS; returns its default export. */
function evaluate(code: string, filepath: string): unknown {
  const module = { exports: {} as Record<string, unknown> };
  const requireSelf = (specifier: string) => SELF_IMPORTS[specifier];
  new Function("exports", "require", "module", "__filename", "__dirname", code)(
    module.exports,
    requireSelf,
    module,
    filepath,
    dirname(filepath),
  );
  return module.exports.default ?? module.exports;
}

/**
 * Loads a `clawperator.config.ts|mts`. jiti is slow to load on every CLI start, so a config whose only
 * import is `clawperator/config` (the usual `defineConfig` file) has jiti's transform cached by content hash and
 * is evaluated from it, afresh each time (a config that reads the environment still does). Anything else, and
 * the first load of each version of the file, goes through jiti.
 */
export async function loadTypeScriptConfig(filepath: string, source: string): Promise<unknown> {
  const cached = cacheEntry("config-ts", [filepath, source], ".cjs");
  const code = cached.read();
  if (code !== undefined) return evaluate(code, filepath);

  // The first load goes through jiti itself, which reports a broken file as a thrown error; only then is its
  // transform kept for the next starts.
  const loaded = await importModule(filepath, filepath, { fresh: true });
  const { createJiti } = require("jiti") as typeof import("jiti");
  // No jiti file cache here: its default is the shared temp directory, and the transform is cached below.
  const transformed = createJiti(filepath, { fsCache: false }).transform({ source, filename: filepath, ts: true });
  if (requiredSpecifiers(transformed)?.every((s) => Object.hasOwn(SELF_IMPORTS, s))) cached.write(transformed);
  return loaded;
}
