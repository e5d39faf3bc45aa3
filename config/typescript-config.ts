import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { clawperatorHome } from "../core/execution/device-lock.ts";
import { defineConfig } from "./define-config.ts";
import { importModule } from "./module-loader.ts";

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
  new Function("exports", "require", "module", "__filename", "__dirname", code)(module.exports, requireSelf, module, filepath, dirname(filepath));
  return module.exports.default ?? module.exports;
}

/**
 * Loads a `clawperator.config.ts|mts`. jiti costs about 25 ms to load on every CLI start, so a config whose only
 * import is `clawperator/config` (the usual `defineConfig` file) has jiti's transform cached by content hash and
 * is evaluated from it, afresh each time (a config that reads the environment still does). Anything else, and
 * the first load of each version of the file, goes through jiti.
 */
export async function loadTypeScriptConfig(filepath: string, source: string): Promise<unknown> {
  const dir = join(clawperatorHome(), "cache", "config-ts");
  const cached = join(dir, `${createHash("sha256").update(filepath).update("\0").update(source).digest("hex").slice(0, 32)}.cjs`);
  let code: string | undefined;
  try {
    code = readFileSync(cached, "utf8");
  } catch {
    // first load of this version of the file
  }
  if (code !== undefined) return evaluate(code, filepath);

  const loaded = await importModule(filepath, filepath, { fresh: true });
  const { createJiti } = require("jiti") as typeof import("jiti");
  const transformed = createJiti(filepath).transform({ source, filename: filepath, ts: true });
  const specifiers = requiredSpecifiers(transformed);
  if (specifiers?.every((s) => Object.hasOwn(SELF_IMPORTS, s))) {
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(cached, transformed);
    } catch {
      // A read-only home only means the next start goes through jiti again.
    }
  }
  return loaded;
}
