import { pathToFileURL } from "node:url";
import { createJiti } from "jiti";

/**
 * Imports a config file or plugin module relative to `base`, TypeScript included: Node 20 cannot load `.ts`
 * itself, and jiti's transform cache keeps repeated CLI starts fast.
 */
export async function importModule(specifier: string, base: string): Promise<unknown> {
  const jiti = createJiti(pathToFileURL(base).href, { fsCache: true, moduleCache: true, interopDefault: true });
  return jiti.import(specifier, { default: true });
}
