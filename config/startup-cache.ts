import {
  chmodSync,
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { clawperatorHome } from "../core/execution/device-lock.ts";
import { ownedByUser, ownedPrivately } from "../core/host/file-trust.ts";

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
 * FNV-1a, which need no node:crypto: importing it costs ~2 ms of every start); the entry begins with the parts it
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
      const text = readCache(path);
      const end = text?.indexOf("\n") ?? -1;
      return text !== undefined && end >= 0 && text.slice(0, end) === header ? text.slice(end + 1) : undefined;
    },
    write: (text) => writeCache(path, `${header}\n${text}`),
  };
}

/**
 * Creates `dir` and its missing parents 0700 and answers whether it is private to this user: a real directory
 * (not a symlink), ours, writable by nobody else. One of ours found with looser modes is tightened to 0700,
 * and with `clearIfLoose` (a cache) emptied too: someone else may have put files in it while it was open.
 * `followLink` accepts a symlink to such a directory (a home the user moved elsewhere).
 */
export function privateDir(dir: string, options: { clearIfLoose?: boolean; followLink?: boolean } = {}): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = options.followLink ? statSync(dir) : lstatSync(dir);
    if (!stat.isDirectory()) return false;
    if (!ownedByUser(stat)) return false;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(dir, 0o700);
      if (options.clearIfLoose)
        for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    }
    return true;
  } catch {
    return false;
  }
}

/** The directories from the Clawperator home down to the cache directory `dir` are all private to this user. */
export function privateCacheDir(dir: string): boolean {
  const home = clawperatorHome();
  const chain: string[] = [];
  for (let d = dir; d.startsWith(home) && d !== dirname(d); d = dirname(d)) {
    chain.unshift(d);
    if (d === home) break;
  }
  return chain.every((d) => privateDir(d, d === home ? { followLink: true } : { clearIfLoose: true }));
}

/** The cached text, or undefined when there is none, it cannot be read, or it is not this user's alone. */
export function readCache(path: string): string | undefined {
  let fd: number | undefined;
  try {
    if (!privateCacheDir(dirname(path))) return undefined;
    fd = openSync(path, "r");
    // Checked on the open file, so the file read is the file checked.
    if (!ownedPrivately(fstatSync(fd))) return undefined;
    return readFileSync(fd, "utf8");
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Stores text 0600 in 0700 directories, written aside and renamed so that concurrent CLI processes never read
 * half a file. A cache that cannot be written (a read-only home, a directory that is not ours) only costs the
 * next start the work it would have saved.
 */
export function writeCache(path: string, text: string): void {
  if (!privateCacheDir(dirname(path))) return;
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, { mode: 0o600, flag: "wx" });
    renameSync(temporary, path);
  } catch {
    rmSync(temporary, { force: true });
  }
}
