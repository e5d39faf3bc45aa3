import { privateDirs } from "../core/host/private-files.ts";
import { cachePath } from "../config/startup-cache.ts";

/**
 * Where Node keeps the CLI's compiled code between runs: `~/.clawperator/cache/node-compile`, private to this user,
 * or none when it cannot be made private (a directory someone else owns or can write). Node's default, a folder of
 * the shared temp directory, would hold code another local user could have written and this user's CLI would run.
 */
export function compileCacheDir(): string | undefined {
  const dir = cachePath("node-compile");
  return privateDirs(dir) ? dir : undefined;
}
