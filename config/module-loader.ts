import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/**
 * Imports a config file or plugin module relative to `base`, TypeScript included: Node 20 cannot load `.ts`
 * itself, and jiti's transform cache keeps repeated CLI starts fast. jiti is required (CommonJS, no ESM
 * export scan) and only when a module has to be loaded. `fresh` evaluates the module and what it imports anew
 * (a config read again by a long-lived process sees edits); plugins are loaded once per process.
 */
export async function importModule(specifier: string, base: string, options: { fresh?: boolean } = {}): Promise<unknown> {
  const { createJiti } = require("jiti") as typeof import("jiti");
  const jiti = createJiti(pathToFileURL(base).href, { fsCache: true, moduleCache: !options.fresh, interopDefault: true });
  return jiti.import(specifier, { default: true });
}
