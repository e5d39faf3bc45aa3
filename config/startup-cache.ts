import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { clawperatorHome } from "../core/execution/device-lock.ts";

/** A file of the start-up caches: `~/.clawperator/cache/<...segments>`. */
export const cachePath = (...segments: string[]): string => join(clawperatorHome(), "cache", ...segments);

/** A short file name for what `parts` say, joined unambiguously. */
export const cacheKey = (...parts: string[]): string => createHash("sha256").update(parts.join("\0")).digest("hex").slice(0, 32);

/** The cached text, or undefined when there is none (or it cannot be read). */
export function readCache(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Stores text, written aside and renamed so that concurrent CLI processes never read half a file. A cache that
 * cannot be written (a read-only home) only costs the next start the work it would have saved.
 */
export function writeCache(path: string, text: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}`;
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch {
    // nothing cached; see above
  }
}
