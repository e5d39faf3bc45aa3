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
import { clawperatorHome } from "./clawperator-home.ts";
import { ownedByUser, ownedPrivately } from "./file-trust.ts";

// Files only this user may read or replace, under the Clawperator home: the start-up caches, the agent views' state.

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

/** The directories from the Clawperator home down to `dir` are all private to this user. */
export function privateDirs(dir: string): boolean {
  const home = clawperatorHome();
  const chain: string[] = [];
  for (let d = dir; d.startsWith(home) && d !== dirname(d); d = dirname(d)) {
    chain.unshift(d);
    if (d === home) break;
  }
  return chain.every((d) => privateDir(d, d === home ? { followLink: true } : { clearIfLoose: true }));
}

/** The file's text, or undefined when there is none, it cannot be read, or it is not this user's alone. */
export function readPrivateFile(path: string): string | undefined {
  return privateDirs(dirname(path)) ? readOwnFile(path)?.toString("utf8") : undefined;
}

/**
 * The bytes of a file in a directory already found private (privateDirs), when the file is this user's alone: for
 * many files of one directory, which is checked once.
 */
export function readOwnFile(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    // Checked on the open file, so the file read is the file checked.
    if (!ownedPrivately(fstatSync(fd))) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Stores text 0600 in 0700 directories, written aside and renamed so that concurrent CLI processes never read
 * half a file. A file that cannot be written (a read-only home, a directory that is not ours) is not written: these
 * files only ever save work or remember what can be seen again.
 */
export function writePrivateFile(path: string, text: string | Uint8Array): void {
  if (!privateDirs(dirname(path))) return;
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, { mode: 0o600, flag: "wx" });
    renameSync(temporary, path);
  } catch {
    rmSync(temporary, { force: true });
  }
}
