import { join } from "node:path";
import { clawperatorHome } from "../core/host/clawperator-home.ts";
import { readPrivateFile, writePrivateFile } from "../core/host/private-files.ts";

/** A file of the start-up caches: `~/.clawperator/cache/<...segments>`. */
export const cachePath = (...segments: string[]): string => join(clawperatorHome(), "cache", ...segments);

/** FNV-1a over UTF-16 units, 32 bits, from `basis`, as 8 hex digits. */
function fnv1a(text: string, basis: number): string {
  let hash = basis;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * The cache entry for what `parts` say, a file in the cache directory `dir`. Its name is a hash of the parts (two
 * FNV-1a, which need no node:crypto: importing it would slow every start); the entry begins with the parts it
 * was made from and is read back only when they are the same, so a collision costs a miss, never another's text.
 */
export function cacheEntry(
  dir: string,
  parts: readonly string[],
  extension: string,
): { read(): string | undefined; write(text: string): void } {
  // JSON escapes line breaks: the parts are the entry's first line.
  const header = JSON.stringify(parts);
  const path = cachePath(dir, `${fnv1a(header, 0x811c9dc5)}${fnv1a(header, 0x050c5d1f)}${extension}`);
  return {
    read() {
      const text = readPrivateFile(path);
      const end = text?.indexOf("\n") ?? -1;
      return text !== undefined && end >= 0 && text.slice(0, end) === header ? text.slice(end + 1) : undefined;
    },
    write: (text) => writePrivateFile(path, `${header}\n${text}`),
  };
}
