import { resolve } from "node:path";
import type { SkillPrecedence, SkillSourceContribution } from "../../../core/kernel/contributions.ts";
import type { ContributionList } from "../../../core/kernel/registries.ts";

/** A directory of AgentSkills folders and where it ranks. */
export interface SourceDir {
  id: string;
  dir: string;
  precedence: SkillPrecedence;
  plugin?: string;
}

/**
 * The folder sources of spec/004 section 4 that the issue names: extra dirs from config and dirs plugins
 * contribute (plugins may ask for another tier, e.g. "bundled" for skills shipped with a package), the managed
 * clone (~/.clawperator/skills), and the workspace's ./.agents/skills and ./skills.
 */
export function sourceDirs(input: {
  cwd: string;
  managedDir: string;
  extraDirs?: readonly string[];
  configDir?: string;
  contributed: ContributionList<SkillSourceContribution>;
}): SourceDir[] {
  const dirs: SourceDir[] = [];
  for (const [index, dir] of (input.extraDirs ?? []).entries())
    dirs.push({ id: `extra:${index}`, dir: resolve(input.configDir ?? input.cwd, dir), precedence: "extra" });
  for (const { plugin, value } of input.contributed.entries()) {
    dirs.push({ id: value.id, dir: resolve(value.dir), precedence: value.precedence ?? "extra", plugin });
  }
  dirs.push({ id: "managed", dir: input.managedDir, precedence: "managed" });
  dirs.push({ id: "project", dir: resolve(input.cwd, ".agents", "skills"), precedence: "project" });
  dirs.push({ id: "workspace", dir: resolve(input.cwd, "skills"), precedence: "workspace" });
  return dirs;
}
