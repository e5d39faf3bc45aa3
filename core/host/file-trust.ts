import { lstatSync, realpathSync, statSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";

// Who may have written a file, by POSIX owners and modes. Without them (Windows: no getuid) every answer is
// "only this user": the profile directory's ACLs are what protects it there.

const uid = process.getuid?.();
const ROOT = 0;

/** Another user could write it: anyone (mode o+w). Group-writable is left alone: user-private groups make it usual. */
const worldWritable = (stat: Stats) => (stat.mode & 0o002) !== 0;
const sticky = (stat: Stats) => (stat.mode & 0o1000) !== 0;
const mode = (stat: Stats) => (stat.mode & 0o7777).toString(8).padStart(4, "0");

/**
 * Whether this user alone controls `stat`'s file or directory: ours, and nobody else may write it. Cached code
 * is executed (the compiled config) and cached values decide which plugins load, so a cache entry another local
 * user could have planted or swapped (a shared CLAWPERATOR_HOME, a directory created first by someone else) is
 * never used.
 */
export function ownedPrivately(stat: Stats): boolean {
  return ownedByUser(stat) && (stat.mode & 0o022) === 0;
}

/** Owned by this user. */
export const ownedByUser = (stat: Stats): boolean => uid === undefined || stat.uid === uid;

/** Owned by this user or by root: nobody else could have written it or can change its modes. */
const trustedOwner = (stat: Stats) => ownedByUser(stat) || stat.uid === ROOT;

/**
 * Why the entry at `path` (not followed) or a directory above it is not this user's or root's alone to change, or
 * undefined. Every entry on the way must be owned by this user or root (a directory's owner may replace what is in
 * it); a directory anyone may write is passed through only with the sticky bit, which keeps others from renaming or
 * replacing entries they do not own.
 */
function chainProblem(path: string): string | undefined {
  for (let entry = path; ; entry = dirname(entry)) {
    const stat = lstatSync(entry);
    if (!trustedOwner(stat))
      return `${entry === path ? "it" : entry} is owned by uid ${stat.uid}, not by you (uid ${uid}) or root`;
    if (entry === path && !stat.isSymbolicLink() && worldWritable(stat))
      return `anyone may write it (mode ${mode(stat)})`;
    const dir = dirname(entry);
    if (dir === entry) return undefined;
    const parent = statSync(dir);
    if (worldWritable(parent) && !sticky(parent))
      return `${dir} may be written by anyone (mode ${mode(parent)}, no sticky bit)`;
  }
}

/**
 * Why another local user could have written the file at `path`, or could replace it, or undefined when only this
 * user or root could (the rule for a file that is executed or decides what runs: a config, a skills registry).
 * The entry itself is judged (a symlink someone else planted) and then the file it leads to.
 */
export function untrustedReason(path: string): string | undefined {
  if (uid === undefined) return undefined;
  const given = resolve(path);
  const reason = chainProblem(given);
  if (reason !== undefined) return reason;
  const real = realpathSync(given);
  return real === given ? undefined : chainProblem(real);
}
