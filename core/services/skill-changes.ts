/** What the skills service changes on disk: dependency installs, config entries and allowlists, removal, installs. */
import type { SkillPrecedence } from "../kernel/contributions.ts";
import type { SkillAgent, SkillInstallOption } from "./skills.ts";

/** Installing one of a skill's dependencies (`metadata.install[]`, OpenClaw's `skills.install`). */
export interface SkillDependencyRequest {
  /** The skill's name (or registry id). */
  name: string;
  /** The option's id (`install[].id`, else `<kind>-<index>`); default the preferred option. */
  installId?: string;
  /** How long the installer may run (default 300000, at most 900000). */
  timeoutMs?: number;
  onProgress?: (line: string) => void;
  signal?: AbortSignal;
}

export interface SkillDependencyOutcome {
  ok: true;
  name: string;
  skillKey: string;
  installId: string;
  kind: SkillInstallOption["kind"];
  message: string;
  /** The command run (argv), or the URL downloaded. */
  command?: string[];
  url?: string;
  /** Where a download was put, or the folder holding the installed programs. */
  targetDir?: string;
  binDir?: string;
  stdout: string;
  stderr: string;
  /** Bytes dropped from the start of a stream to keep the answer bounded. */
  truncated?: { stdout?: number; stderr?: number };
  warnings: string[];
}

/** `skills.update` of OpenClaw: what changes in `skills.entries.<skillKey>`; `""` removes apiKey or an env value. */
export interface SkillEntryUpdate {
  skillKey: string;
  enabled?: boolean;
  apiKey?: string;
  env?: Record<string, string>;
  /** The config's `hash` this edit was made against; a different current hash fails with SKILLS_CONFIG_CONFLICT. */
  ifHash?: string;
}

/**
 * An agent's allowlist: `skills` sets it (a list, `[]` for none, null to remove the key: every skill), or `add` and
 * `remove` change it. Changing an agent that has no list of its own starts from what it has (`agents.defaults.skills`,
 * else every skill), so removing one from "every skill" writes the list of all the others.
 */
export interface SkillAllowlistUpdate {
  agentId: string;
  skills?: string[] | null;
  add?: string[];
  remove?: string[];
  ifHash?: string;
}

/** What an edit wrote: the file, its new hash, and the entry without secret values. */
export interface SkillConfigWrite {
  ok: true;
  path: string;
  hash: string;
  mode: string;
  skillKey?: string;
  entry?: { enabled?: boolean; apiKey: boolean; env: string[] };
  agent?: SkillAgent;
}

export interface SkillRemoval {
  ok: true;
  name: string;
  source: SkillPrecedence;
  removed: string;
}

/** `skills install <dir|git url>` into the managed folder, or `skills update <name>` of one installed so. */
export interface SkillInstallRequest {
  /** A folder holding SKILL.md, or a git URL (the registry's transports and time limit apply). */
  source: string;
  /** A git ref to check out. */
  ref?: string;
  /** Replace a managed skill of the same name. */
  force?: boolean;
  onProgress?: (line: string) => void;
}

export interface SkillInstallOutcome {
  ok: true;
  action: "installed" | "updated";
  name: string;
  dir: string;
  source: string;
  ref?: string;
  commit?: string;
}
