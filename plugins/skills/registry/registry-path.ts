import { join, resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { clawperatorHome } from "../../../core/host/clawperator-home.ts";

export const REGISTRY_ENV = "CLAWPERATOR_SKILLS_REGISTRY";
export const REGISTRY_SUBPATH = join("skills", "skills-registry.json");

/** Where `skills install` clones the skills repository: ~/.clawperator/skills (spec/000 DEFAULT_SKILLS_DIR). */
export function managedSkillsDir(configured?: string): string {
  return configured ? resolve(configured) : join(clawperatorHome(), "skills");
}

/** How a registry path was chosen; an explicit choice never falls back (spec/000 "failure and fallback rules"). */
export type RegistryChoice = { kind: "explicit" | "env"; path: string } | { kind: "defaults"; paths: string[] };

/**
 * spec/000's resolution order: an explicit path (the caller's, else the config's `skills.registry`), then
 * CLAWPERATOR_SKILLS_REGISTRY (blank is an error), then ./skills/skills-registry.json, ../../skills/..., and the
 * managed clone's registry.
 */
export function chooseRegistry(input: {
  explicit?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  managedDir: string;
}): RegistryChoice {
  if (input.explicit !== undefined) return { kind: "explicit", path: resolve(input.cwd, input.explicit) };
  const fromEnv = input.env[REGISTRY_ENV];
  if (fromEnv !== undefined) {
    if (fromEnv.trim() === "") {
      throw new ClawperatorError("REGISTRY_READ_FAILED", `${REGISTRY_ENV} is set but blank`, {
        hint: `Unset ${REGISTRY_ENV} or point it at a skills-registry.json, or run clawperator skills install.`,
      });
    }
    return { kind: "env", path: resolve(input.cwd, fromEnv) };
  }
  return {
    kind: "defaults",
    paths: [
      resolve(input.cwd, REGISTRY_SUBPATH),
      resolve(input.cwd, "..", "..", REGISTRY_SUBPATH),
      join(input.managedDir, REGISTRY_SUBPATH),
    ],
  };
}
