import { join, resolve } from "node:path";
import {
  SKILL_PRECEDENCE,
  type SkillPrecedence,
  type SkillSourceContribution,
} from "../../../core/kernel/contributions.ts";
import type { ContributionList } from "../../../core/kernel/registries.ts";
import { userHome } from "../../../core/host/user-home.ts";

/** A directory of AgentSkills folders and where it ranks. */
export interface SourceDir {
  id: string;
  dir: string;
  precedence: SkillPrecedence;
  plugin?: string;
  /** The user's own folders (managed, personal) may hold symlinks to skills kept elsewhere. */
  allowOutside: boolean;
}

const rank = (p: SkillPrecedence) => SKILL_PRECEDENCE.indexOf(p);

/** `~/x` as OpenClaw's resolveUserPath reads it, else relative to `base`. */
export function userPath(path: string, base: string): string {
  if (path === "~") return userHome();
  if (path.startsWith("~/")) return join(userHome(), path.slice(2));
  return resolve(base, path);
}

/**
 * The six tiers of docs/openclaw-skills.md#sources-and-precedence, lowest to highest: `skills.load.extraDirs` and
 * plugin folders (extra); bundled (this package's skills and plugin folders marked bundled); managed
 * (~/.clawperator/skills); personal (~/.agents/skills); project (<cwd>/.agents/skills); workspace (<cwd>/skills). A
 * plugin asking for a tier above bundled gets bundled: only the user's own folders rank higher.
 */
export function sourceDirs(input: {
  cwd: string;
  managedDir: string;
  personalDir?: string;
  extraDirs?: readonly string[];
  configDir?: string;
  bundledDirs?: readonly string[];
  contributed: ContributionList<SkillSourceContribution>;
  onCapped?: (plugin: string, id: string, asked: SkillPrecedence) => void;
}): SourceDir[] {
  const dirs: SourceDir[] = [];
  for (const [index, dir] of (input.extraDirs ?? []).entries()) {
    if (dir.trim() === "") continue;
    dirs.push({
      id: `extra:${index}`,
      dir: userPath(dir.trim(), input.configDir ?? input.cwd),
      precedence: "extra",
      allowOutside: false,
    });
  }
  const contributed = input.contributed.entries().map(({ plugin, value }) => {
    const asked = value.precedence ?? "extra";
    if (rank(asked) > rank("bundled")) input.onCapped?.(plugin, value.id, asked);
    const precedence: SkillPrecedence = rank(asked) > rank("bundled") ? "bundled" : asked;
    return { id: value.id, dir: resolve(value.dir), precedence, plugin, allowOutside: false };
  });
  dirs.push(...contributed.filter((d) => d.precedence === "extra"));
  for (const [index, dir] of (input.bundledDirs ?? []).entries())
    dirs.push({ id: index === 0 ? "bundled" : `bundled:${index}`, dir, precedence: "bundled", allowOutside: false });
  dirs.push(...contributed.filter((d) => d.precedence === "bundled"));
  dirs.push({ id: "managed", dir: input.managedDir, precedence: "managed", allowOutside: true });
  dirs.push({
    id: "personal",
    dir: input.personalDir ?? join(userHome(), ".agents", "skills"),
    precedence: "personal",
    allowOutside: true,
  });
  dirs.push({
    id: "project",
    dir: resolve(input.cwd, ".agents", "skills"),
    precedence: "project",
    allowOutside: false,
  });
  dirs.push({ id: "workspace", dir: resolve(input.cwd, "skills"), precedence: "workspace", allowOutside: false });
  return dirs;
}
