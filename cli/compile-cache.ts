import { privateDirs } from "../core/host/private-files.ts";
import { cachePath } from "../config/startup-cache.ts";

/**
 * Where Node (>= 22.1) keeps the CLI's compiled code between runs: a directory of the user's private cache, or none
 * when it cannot be made private. Node's default, a folder of the shared temp directory, holds code another local
 * user could have written and this user's CLI would then run.
 */
export function compileCacheDir(): string | undefined {
  const dir = cachePath("node-compile");
  return privateDirs(dir) ? dir : undefined;
}
