import { lstatSync, realpathSync, rmSync } from "node:fs";
import { join, relative, resolve, sep, isAbsolute } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { SkillRemoval } from "../../../core/services/skills.ts";
import type { LocalSkills } from "../service/skills-service.ts";
import { notRemovableReason } from "./removable.ts";

const refuse = (name: string, why: string, details: Record<string, unknown> = {}) =>
  new ClawperatorError("SKILL_NOT_REMOVABLE", `Skill ${name} cannot be removed: ${why}`, {
    hint: "Only managed (~/.clawperator/skills) and workspace (./skills) skill folders are removed; remove others by hand.",
    details: { skillId: name, ...details },
  });

const strictlyInside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

/**
 * Deletes a managed or workspace skill's folder: only inside that tier's root (both resolved to real paths, so no
 * symlink leads out), never the root itself, never a folder without a SKILL.md, never a folder that is itself a link.
 */
export async function removeSkill(localSkills: LocalSkills, name: string): Promise<SkillRemoval> {
  const catalog = localSkills.catalog();
  const record = catalog.find(name) ?? catalog.invalid().find((r) => r.entry.id === name);
  if (!record) localSkills.record(name, catalog);
  const found = record!;
  const source = found.origin.precedence;
  const why = notRemovableReason(found.fromRegistry, source);
  if (why) throw refuse(name, why, { source });
  const root = source === "managed" ? localSkills.managedDir : resolve(localSkills.cwd, "skills");
  const dir = found.origin.dir;
  let realRoot: string;
  let realDir: string;
  try {
    realRoot = realpathSync(root);
    realDir = realpathSync(dir);
  } catch {
    throw refuse(name, `${dir} is not there`, { source, dir });
  }
  if (lstatSync(dir).isSymbolicLink()) throw refuse(name, `${dir} is a symlink`, { source, dir });
  if (!strictlyInside(realRoot, realDir)) throw refuse(name, `${realDir} is not inside ${realRoot}`, { source, dir });
  let skillFile: ReturnType<typeof lstatSync> | undefined;
  try {
    skillFile = lstatSync(join(realDir, "SKILL.md"));
  } catch {
    skillFile = undefined;
  }
  if (!skillFile?.isFile()) throw refuse(name, `${dir} holds no SKILL.md`, { source, dir });
  rmSync(realDir, { recursive: true, force: true });
  return { ok: true, name: found.entry.id, source, removed: realDir };
}
