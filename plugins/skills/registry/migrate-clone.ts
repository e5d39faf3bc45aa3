import { existsSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { execaSync } from "execa";
import { REGISTRY_SUBPATH } from "./registry-path.ts";

export interface Migration {
  from: string;
  to: string;
  /** AgentSkills folders a user had put beside the clone, moved back into the managed folder. */
  keptInManaged: string[];
}

/** The top-level names git tracks in a clone, or undefined when git cannot say (then nothing is moved back). */
function trackedNames(dir: string): Set<string> | undefined {
  try {
    const out = execaSync("git", ["ls-tree", "--name-only", "HEAD"], {
      cwd: dir,
      reject: false,
      timeout: 10_000,
      stdin: "ignore",
      env: { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" },
    });
    return out.exitCode === 0 ? new Set(String(out.stdout).split("\n").filter(Boolean)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Moves a registry clone the reference runtime left in the managed folder (`legacy`, a git clone holding
 * skills/skills-registry.json) to `cloneDir`, once, when nothing is there yet: the managed folder then holds
 * AgentSkills folders only. Folders with a SKILL.md that git does not track (skills the user put there) move back
 * into the managed folder. A rename, so nothing is copied and nothing is lost; undefined when there is nothing to do.
 */
export function migrateLegacyClone(legacy: string, cloneDir: string): Migration | undefined {
  if (legacy === cloneDir || existsSync(cloneDir)) return undefined;
  if (!existsSync(join(legacy, ".git")) || !existsSync(join(legacy, REGISTRY_SUBPATH))) return undefined;
  const tracked = trackedNames(legacy);
  mkdirSync(dirname(cloneDir), { recursive: true, mode: 0o700 });
  renameSync(legacy, cloneDir);
  mkdirSync(legacy, { recursive: true, mode: 0o700 });
  const keptInManaged: string[] = [];
  if (tracked) {
    for (const entry of readdirSync(cloneDir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith(".") || tracked.has(entry.name)) continue;
      if (!existsSync(join(cloneDir, entry.name, "SKILL.md"))) continue;
      renameSync(join(cloneDir, entry.name), join(legacy, entry.name));
      keptInManaged.push(entry.name);
    }
  }
  return { from: legacy, to: cloneDir, keptInManaged };
}
