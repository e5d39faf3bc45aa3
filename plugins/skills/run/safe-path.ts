import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

const within = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
};

const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

/**
 * A registry path resolved against the skills root, refused when it leaves the root, by `..`, an absolute path
 * or a symlink pointing elsewhere: a registry is data from a cloned repository, not a licence to run any file.
 */
export function resolveInside(root: string, path: string, skillId: string): string {
  const absolute = resolve(root, path);
  const realRoot = real(root) ?? root;
  const realTarget = real(absolute);
  if (isAbsolute(path) || !within(root, absolute) || (realTarget !== undefined && !within(realRoot, realTarget))) {
    throw new ClawperatorError(
      "SKILL_VALIDATION_FAILED",
      `Skill ${skillId} names a path outside the skills root: ${path}`,
      {
        hint: "Registry paths are relative to the skills repository root and stay inside it.",
        details: { skillId, path, root },
      },
    );
  }
  return absolute;
}
