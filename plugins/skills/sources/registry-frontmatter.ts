import { statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { readFileBounded } from "../../../core/host/read-bounded.ts";
import { resolveInside } from "../run/safe-path.ts";
import { parseFrontmatter, type SkillFrontmatter } from "./frontmatter.ts";
import { MAX_SKILL_FILE_BYTES } from "./scan-folders.ts";

const NONE: SkillFrontmatter = { present: false, fields: {}, body: "" };

const lexicallyInside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

/**
 * The frontmatter of a registry skill's SKILL.md (`file` relative to the registry's root). A registry names its
 * skills itself (id, summary), so a missing SKILL.md only means no gates; one that is there and cannot be parsed
 * makes the skill invalid, as a folder's does. The file is opened first and its real path checked only when it is
 * there: a 10,000-skill registry without SKILL.md files costs one failed open per skill.
 */
export function readRegistryFrontmatter(root: string, file: string, skillId: string): SkillFrontmatter {
  const path = resolve(root, file);
  if (isAbsolute(file) || !lexicallyInside(root, path)) return NONE;
  // Most registries' skills have no SKILL.md of their own: no exception (and its stack) for those.
  if (!statSync(path, { throwIfNoEntry: false })) return NONE;
  let read: ReturnType<typeof readFileBounded>;
  try {
    read = readFileBounded(path, MAX_SKILL_FILE_BYTES);
  } catch {
    return NONE;
  }
  try {
    // A symlink out of the repository is never read (validation reports it).
    resolveInside(root, file, skillId);
  } catch {
    return NONE;
  }
  if (!("bytes" in read))
    return { ...NONE, present: true, problem: { reason: `SKILL.md is larger than ${MAX_SKILL_FILE_BYTES} bytes` } };
  return parseFrontmatter(read.bytes.toString("utf8"));
}
