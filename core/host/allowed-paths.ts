import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import { userHome } from "./user-home.ts";

/**
 * The directories a path an agent names may lie in (a screenshot's `path`, `clawperator_record_pull`'s `out`, in
 * an execution, a tool call or an HTTP body: an agent may have been steered by what it read on a screen): the
 * config's `screenshots.allowedDirs`, relative ones resolved from the config file's folder and `~/` from the home,
 * else the working directory and the OS temp directory.
 */
export function allowedDirsOf(
  configured: readonly string[] | undefined,
  configFile: string | undefined,
  cwd: string,
): string[] {
  if (configured === undefined) return [cwd, tmpdir()];
  const base = configFile ? dirname(configFile) : cwd;
  return configured.map((dir) =>
    dir === "~" || dir.startsWith("~/") ? resolve(userHome(), dir.slice(2)) : resolve(base, dir),
  );
}

export const isInside = (dir: string, path: string): boolean => {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
};

/**
 * The real path of `path`: resolved through symbolic links as far as it exists (a dangling link by its target),
 * the rest as named.
 */
function realOf(path: string, hops = 0): string {
  try {
    return realpathSync(path);
  } catch {
    const link = lstatSync(path, { throwIfNoEntry: false });
    if (link?.isSymbolicLink() && hops < MAX_LINK_HOPS)
      return realOf(resolve(dirname(path), readlinkSync(path)), hops + 1);
    const parent = dirname(path);
    return parent === path ? path : join(realOf(parent, hops), basename(path));
  }
}

/** Links followed at most, as the kernel's own bound (ELOOP). */
const MAX_LINK_HOPS = 40;

export interface PathPolicy {
  /** Absolute directories (`allowedDirsOf`). */
  allowedDirs: readonly string[];
  cwd: string;
  /**
   * What the path names: a directory is resolved whole, a file up to its folder (what a file that is itself a
   * symbolic link may do is its writer's to decide).
   */
  names: "file" | "directory";
}

/**
 * The absolute path `requested` names, when it lies inside an allowed directory both as written (no `..` out) and
 * as the file system resolves it (no symbolic link out, in any part that exists, however deep the rest goes);
 * PATH_NOT_ALLOWED otherwise. The one check for every path an agent names, whatever writes there.
 */
export function confinePath(requested: string, policy: PathPolicy, what = "path"): string {
  const path = resolve(policy.cwd, requested);
  const refuse = (why: string) =>
    new ClawperatorError("PATH_NOT_ALLOWED", `${what} ${requested} ${why}`, {
      hint: `Name a path inside ${policy.allowedDirs.join(", ")}, or add a directory to screenshots.allowedDirs in the config.`,
      details: { path: requested, allowedDirs: [...policy.allowedDirs] },
    });
  const allowed = policy.allowedDirs.filter((dir) => isInside(dir, path));
  if (allowed.length === 0)
    throw refuse(`is outside the directories an agent's paths may name (${policy.allowedDirs.join(", ")})`);
  const real = policy.names === "directory" ? realOf(path) : join(realOf(dirname(path)), basename(path));
  if (!allowed.some((dir) => isInside(realOf(dir), real)))
    throw refuse("leads out of the allowed directories through a symbolic link");
  return path;
}
