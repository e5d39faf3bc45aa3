import { existsSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { clawperatorHome } from "../../../core/host/clawperator-home.ts";

export const REGISTRY_ENV = "CLAWPERATOR_SKILLS_REGISTRY";
export const REGISTRY_SUBPATH = join("skills", "skills-registry.json");

/**
 * Where `skills install|update|sync` keep the skills registry clone: config `skills.dir`, else
 * ~/.clawperator/registry. (The reference runtime cloned into ~/.clawperator/skills, now the managed AgentSkills
 * folder; an old clone there is moved here, and its paths still resolve: see `aliasLegacyPath`.)
 */
export function registryCloneDir(configured?: string): string {
  return configured ? resolve(configured) : join(clawperatorHome(), "registry");
}

/**
 * The managed AgentSkills folder (the managed tier, docs/skills.md#sources-and-precedence-lowest-to-highest):
 * ~/.clawperator/skills, what `skills install <dir>` fills.
 */
export function managedSkillsDir(): string {
  return join(clawperatorHome(), "skills");
}

/**
 * The folder the reference runtime cloned the registry into (its DEFAULT_SKILLS_DIR,
 * docs/skills-registry.md#resolution).
 */
export const legacyCloneDir = () => join(clawperatorHome(), "skills");

/**
 * A path inside the reference runtime's clone (~/.clawperator/skills/skills/...) that no longer exists there, as
 * the same path in the clone's new place: CLAWPERATOR_SKILLS_REGISTRY exported by the reference's installer keeps
 * working after the move. Any other path is returned as it is.
 */
export function aliasLegacyPath(path: string, cloneDir: string): string {
  const legacySkills = join(legacyCloneDir(), "skills") + sep;
  if (!path.startsWith(legacySkills) || existsSync(path)) return path;
  const moved = join(cloneDir, "skills", path.slice(legacySkills.length));
  return existsSync(moved) ? moved : path;
}

/** How a registry path was chosen; an explicit choice never falls back (docs/skills-registry.md#failure-rules). */
export type RegistryChoice = { kind: "explicit" | "env"; path: string } | { kind: "defaults"; paths: string[] };

/**
 * The resolution order (docs/skills-registry.md#resolution): an explicit path (the caller's, else the config's
 * `skills.registry`), then CLAWPERATOR_SKILLS_REGISTRY (blank is an error), then ./skills/skills-registry.json,
 * ../../skills/..., and the clone's registry (its new place, then the reference's).
 */
export function chooseRegistry(input: {
  explicit?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  cloneDir: string;
}): RegistryChoice {
  if (input.explicit !== undefined)
    return { kind: "explicit", path: aliasLegacyPath(resolve(input.cwd, input.explicit), input.cloneDir) };
  const fromEnv = input.env[REGISTRY_ENV];
  if (fromEnv !== undefined) {
    if (fromEnv.trim() === "") {
      throw new ClawperatorError("REGISTRY_READ_FAILED", `${REGISTRY_ENV} is set but blank`, {
        hint: `Unset ${REGISTRY_ENV} or point it at a skills-registry.json, or run clawperator skills install.`,
      });
    }
    return { kind: "env", path: aliasLegacyPath(resolve(input.cwd, fromEnv), input.cloneDir) };
  }
  const clone = join(input.cloneDir, REGISTRY_SUBPATH);
  const legacy = join(legacyCloneDir(), REGISTRY_SUBPATH);
  return {
    kind: "defaults",
    paths: [
      resolve(input.cwd, REGISTRY_SUBPATH),
      resolve(input.cwd, "..", "..", REGISTRY_SUBPATH),
      clone,
      ...(legacy === clone ? [] : [legacy]),
    ],
  };
}
