import { readFileBounded } from "../../../core/host/read-bounded.ts";
import { resolveInside } from "../run/safe-path.ts";
import { parseFrontmatter, type SkillFrontmatter } from "./frontmatter.ts";
import { MAX_SKILL_FILE_BYTES } from "./scan-folders.ts";

const NONE: SkillFrontmatter = { present: false, fields: {}, body: "" };

/**
 * The frontmatter of a registry skill's SKILL.md (`file` relative to the registry's root). A registry names its skills itself (id, summary), so a missing
 * SKILL.md only means no gates; one that is there and cannot be parsed makes the skill invalid, as a folder's does.
 */
export function readRegistryFrontmatter(root: string, file: string, skillId: string): SkillFrontmatter {
  let path: string;
  try {
    path = resolveInside(root, file, skillId);
  } catch {
    // Validation reports a path outside the root; such a file is never read.
    return NONE;
  }
  try {
    const read = readFileBounded(path, MAX_SKILL_FILE_BYTES);
    if (!("bytes" in read))
      return { ...NONE, present: true, problem: { reason: `SKILL.md is larger than ${MAX_SKILL_FILE_BYTES} bytes` } };
    return parseFrontmatter(read.bytes.toString("utf8"));
  } catch {
    return NONE;
  }
}
