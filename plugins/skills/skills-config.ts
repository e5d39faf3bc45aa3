import type { SkillEntryConfig } from "./gating/eligibility.ts";

/** The `skills` section of clawperator.config.ts (config/schema.ts validates it). */
export interface SkillsConfig {
  /** An explicit registry path (the first resolution step, docs/skills-registry.md#resolution). */
  registry?: string;
  /** Where `skills install|update|sync` keep the registry clone (default ~/.clawperator/registry). */
  dir?: string;
  /** The skills repository to clone (default the public clawperator-skills). */
  repo?: string;
  /** The ref `skills install` / `update` check out by default. */
  ref?: string;
  /** The transports the repository URL may use (default DEFAULT_REPO_TRANSPORTS); replaces the default. */
  allowedRepoTransports?: string[];
  /** The time limit of each git call (default DEFAULT_GIT_TIMEOUT_MS). */
  gitTimeoutMs?: number;
  /** What `skills run` keeps of each output stream, the last bytes (default DEFAULT_MAX_OUTPUT_BYTES). */
  maxOutputBytes?: number;
  allowBundled?: string[];
  load?: { extraDirs?: string[]; watch?: boolean; watchDebounceMs?: number };
  install?: { preferBrew?: boolean; nodeManager?: "npm" | "pnpm" | "yarn" | "bun" };
  entries?: Record<string, SkillEntryConfig>;
}

export const DEFAULT_SKILLS_REPO = "https://github.com/clawperator/clawperator-skills";
/**
 * How long the watcher lets changes settle before a long-lived host rebuilds its skills
 * (docs/skills.md#snapshots-and-the-watcher).
 */
export const DEFAULT_WATCH_DEBOUNCE_MS = 250;
