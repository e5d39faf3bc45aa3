import type { SkillPrecedence } from "../kernel/contributions.ts";
import { createToken } from "../kernel/token.ts";
import type {
  SkillDependencyRequest,
  SkillDependencyOutcome,
  SkillEntryUpdate,
  SkillAllowlistUpdate,
  SkillConfigWrite,
  SkillRemoval,
  SkillInstallRequest,
  SkillInstallOutcome,
} from "./skill-changes.ts";

// What the service changes on disk lives beside it; importers keep one module to import from.
export type * from "./skill-changes.ts";

/**
 * One entry of `skills-registry.json` (docs/skills-registry.md#skill-entry); real registries carry the optional fields.
 */
export interface RegistrySkill {
  id: string;
  applicationId: string;
  intent: string;
  summary: string;
  path: string;
  skillFile: string;
  scripts: string[];
  artifacts: string[];
  keywords?: string[];
  contract?: unknown;
  agent?: { cli: string; timeoutMs?: number; cliPath?: string };
  [key: string]: unknown;
}

/** The list / search response (docs/skills-registry.md#discovery): the registry entries and their count. */
export interface SkillList {
  skills: RegistrySkill[];
  count: number;
  /**
   * Only when there is something to say about it (the reference's answer is `{ skills, count }`): null when there
   * is no registry yet (folder skills only), the path read when it hides others (`shadowedRegistries`).
   */
  registry?: string | null;
  /** Registries in the default places that the one read hides (only the first found is read). */
  shadowedRegistries?: string[];
  /** What to do next, when there is something to say (no registry yet, how to add skills). */
  hint?: string;
}

export interface SkillSearchQuery {
  app?: string;
  intent?: string;
  keyword?: string;
}

/**
 * Whose view of the skills a call takes (docs/openclaw-skills.md#agent-allowlists): the agent's allowlist
 * (`agents.list[].skills`; no agent means the default one) and, unless `all`, only what that agent may use.
 */
export interface SkillScope {
  /** An id of `agents.list[]`; without it the agent marked `default` (else no allowlist). */
  agentId?: string;
  /** Everything, the skills the agent may not use included (`skills list --all`, people inspecting). */
  all?: boolean;
  /**
   * An agent id from a host that has agents of its own (OpenClaw): one this config does not list falls back to the
   * defaults, as OpenClaw does, instead of failing with AGENT_NOT_FOUND.
   */
  lenientAgent?: boolean;
  /** `model`: a model's tool call (a skill with `disable-model-invocation` is refused); `user` (default): a person. */
  invoker?: "user" | "model";
}

/**
 * A skill's place among the sources (docs/openclaw-skills.md#sources-and-precedence), for status and for the
 * programmatic API.
 */
export interface SkillOrigin {
  /** `registry` for the active skills-registry.json, otherwise the id of the source directory. */
  sourceId: string;
  precedence: SkillPrecedence;
  /** The plugin that contributed the source, when one did. */
  plugin?: string;
  /** Absolute path of the skill's folder. */
  dir: string;
}

/** What a skill asks of the host (OpenClaw's `requirements`), and our Android `packages`. */
export interface SkillRequirements {
  bins: string[];
  anyBins: string[];
  env: string[];
  config: string[];
  os: string[];
  packages: string[];
}

/**
 * What is missing, in OpenClaw's shape (`openclaw skills list --json`): each list empty when that gate holds.
 * `packages` are Android packages absent from the checked device. Never a secret value.
 */
export type SkillMissing = SkillRequirements;

/** An install option of `metadata.install[]`, as OpenClaw's status lists it. */
export interface SkillInstallOption {
  id: string;
  kind: "brew" | "node" | "go" | "uv" | "download";
  label: string;
  bins: string[];
}

/**
 * What choosing an install option does, shown to a person before it runs: the command (argv) and the variables it
 * is given (paths, never secrets), or the URL a download fetches, its checksum and the folder it is put in.
 */
export interface SkillInstallPlan {
  command?: string[];
  env?: Record<string, string>;
  url?: string;
  sha256?: string;
  targetDir?: string;
}

/** An install option as a setup view offers it: OpenClaw's fields and what it would run (when it may run). */
export interface SkillSetupOption extends SkillInstallOption {
  runs?: SkillInstallPlan;
}

/**
 * A skill's readiness in one word, for a status chip: `ready` (eligible), `needs-setup` (a requirement is missing),
 * `unsupported` (another OS), `disabled` (`skills.entries.<key>.enabled: false`), `blocked` (outside
 * `skills.allowBundled`), `invalid` (its SKILL.md frontmatter cannot be read).
 */
export type SkillReadiness = "ready" | "needs-setup" | "unsupported" | "disabled" | "blocked" | "invalid";

/**
 * The status of one skill. The fields OpenClaw's `skills list --json` / `skills info --json` has keep their names
 * and meaning, so tools written for OpenClaw read ours; `source` is one of our six tiers.
 */
export interface SkillStatus {
  name: string;
  /** The registry id or the frontmatter name: what `skills get|run` take. */
  id: string;
  description: string;
  skillKey: string;
  source: SkillPrecedence;
  bundled: boolean;
  /** Absolute path of the SKILL.md (OpenClaw's `filePath`) and its folder (`baseDir`). */
  filePath: string;
  baseDir: string;
  emoji?: string;
  homepage?: string;
  primaryEnv?: string;
  always: boolean;
  disabled: boolean;
  blockedByAllowlist: boolean;
  blockedByAgentFilter: boolean;
  eligible: boolean;
  platformIncompatible: boolean;
  modelVisible: boolean;
  userInvocable: boolean;
  commandVisible: boolean;
  /** `command-dispatch: tool`: the slash command goes straight to this tool with the raw arguments. */
  commandDispatch?: { kind: "tool"; toolName: string; argMode: "raw" };
  requirements: SkillRequirements;
  missing: SkillMissing;
  /** `requires.config` paths and whether each is truthy; values are never shown. */
  configChecks: { path: string; satisfied: boolean }[];
  /** OpenClaw's install options: the preferred one for this OS (every `download` one when all are downloads). */
  install: SkillInstallOption[];
  /** Every install option for this OS, the preferred one first, each with what it runs (what a setup view offers). */
  installOptions: SkillSetupOption[];
  /** When those options come from a folder nobody vetted (workspace, project, personal): check before running one. */
  installWarning?: string;
  readiness: SkillReadiness;
  /** Why the frontmatter cannot be read, and where (1-based line of SKILL.md), when `readiness` is `invalid`. */
  invalid?: { reason: string; line?: number };
  /** What `skills.entries.<skillKey>` sets, without a value: whether an apiKey is set, which env names. */
  configured: { enabled?: boolean; apiKey: boolean; env: string[] };
  /** `skills remove` may delete it (a managed or workspace folder skill). */
  removable: boolean;
  /** Why it is not removable (its tier's files are managed elsewhere), when it is not. */
  notRemovable?: string;
  /** Android packages the skill operates, and whether the selected device has them (null: no device checked). */
  packages: { name: string; installed: boolean | null }[];
  origin: SkillOrigin;
}

/** One entry of `agents.list[]`: `skills` absent (null here) means every skill, `[]` none. */
export interface SkillAgent {
  id: string;
  default: boolean;
  skills: string[] | null;
}

export interface SkillStatusReport {
  /** The agent whose allowlist `blockedByAgentFilter` reflects, when there is one. */
  agentId?: string;
  /** That agent's allowlist (null: every skill). */
  agentSkillFilter: string[] | null;
  /** The working directory (workspace and project skills are found from it). */
  workspaceDir: string;
  managedSkillsDir: string;
  skills: SkillStatus[];
  count: number;
  eligible: number;
  blocked: number;
  /** The device whose installed packages were checked, when one was. */
  deviceId?: string;
  /** Every configured agent, so a page can show and edit each allowlist without another call. */
  agents: SkillAgent[];
  /** The config file `skills configure` and `skills allowlist` write, its content hash, and whether it can be. */
  config: SkillsConfigFile;
  /** Increases whenever the skills a long-lived host sees change. */
  version: number;
  /** Whether this host watches the skill folders and the config: then a change applies at once, not next session. */
  watching: boolean;
}

/** The config file edits go to: JSON only; `hash` is what an edit's `ifHash` must match. */
export interface SkillsConfigFile {
  path: string;
  /** sha256 of the file's bytes, or null while it does not exist. */
  hash: string | null;
  writable: boolean;
  /** Why it cannot be written (a TypeScript, JavaScript or YAML config), when it cannot. */
  reason?: string;
}

/** `skills check` (OpenClaw's `skills check --json`): counts and names by state. */
export interface SkillCheckReport {
  agentId?: string;
  agentSkillFilter: string[] | null;
  workspaceDir: string;
  managedSkillsDir: string;
  summary: {
    total: number;
    eligible: number;
    modelVisible: number;
    commandVisible: number;
    disabled: number;
    blocked: number;
    agentFiltered: number;
    notInjected: number;
    missingRequirements: number;
    invalid: number;
  };
  eligible: string[];
  modelVisible: string[];
  commandVisible: string[];
  disabled: string[];
  blocked: string[];
  agentFiltered: string[];
  notInjected: { name: string; reason: "disable-model-invocation" }[];
  missingRequirements: { name: string; missing: SkillMissing; install: SkillInstallOption[] }[];
  invalid: { name: string; filePath: string; reason: string; line?: number }[];
}

/** The skills prompt block (docs/openclaw-skills.md#token-impact) of an agent's snapshot. */
export interface SkillPrompt {
  agentId?: string;
  prompt: string;
  /** The skills it lists, in its order. */
  skills: string[];
  version: number;
}

/** A skill's SKILL.md as handed to an agent: the body after the frontmatter, `{baseDir}` replaced. */
export interface SkillInstructions {
  name: string;
  filePath: string;
  baseDir: string;
  instructions: string;
}

export interface SkillRunRequest {
  skillId: string;
  args?: readonly string[];
  /** The device (the script's first argument); the config's `deviceId` when not given. */
  deviceId?: string;
  /** The Operator package; the config's `operatorPackage`, else the release package, when not given. */
  operatorPackage?: string;
  /** Present only when the caller set it (then echoed as `timeoutMs`). */
  timeoutMs?: number;
  expectContains?: string;
  /** Run the dry-run validation gate first (the CLI does unless --skip-validate; the HTTP route does not). */
  validate?: boolean;
  /** Live output, for people watching a run. */
  onOutput?: (chunk: string, stream: "stdout" | "stderr") => void;
  signal?: AbortSignal;
  /** The agent on whose behalf it runs (its allowlist applies). */
  agentId?: string;
  lenientAgent?: boolean;
  /** `model`: a model's tool call, refused for a skill with `disable-model-invocation`; `user` (default): a person. */
  invoker?: "user" | "model";
}

export type SkillResultStatus = "success" | "failed" | "indeterminate";

/** What a skill emits after `[Clawperator-Skill-Result]`, with the trusted `source` the runtime adds. */
export interface SkillResult {
  contractVersion: string;
  skillId: string;
  status: SkillResultStatus;
  checkpoints: unknown[];
  terminalVerification?: unknown;
  diagnostics?: unknown;
  source: { kind: "script" } | { kind: "agent"; agentCli: string };
  [key: string]: unknown;
}

/** The wrapper's answer (docs/skills-registry.md#success-shape, docs/skills-registry.md#indeterminate-shape). */
export interface SkillRunOutcome {
  status: "success" | "indeterminate";
  code?: "SKILL_VERIFICATION_INDETERMINATE";
  message?: string;
  /** Why the declared verification was not proved (indeterminate only). */
  reason?: string;
  skillId: string;
  output: string;
  skillResult: SkillResult | null;
  exitCode: number;
  durationMs: number;
  timeoutMs?: number;
  expectedSubstring?: string;
  /** Bytes dropped from the start of a stream to keep the result bounded (config `skills.maxOutputBytes`). */
  truncated?: { stdout?: number; stderr?: number };
  /** Processes that outlived the script: stopped, or (escaped from its process group) no longer read. */
  warnings?: string[];
}

/**
 * The skills service (registered by the skills plugin), so any front end (the CLI commands, the
 * HTTP routes, the MCP and OpenClaw tools) lists, searches, gets and runs skills without importing the plugin.
 * Failures are ClawperatorErrors whose `details` carry the wrapper's extra fields (`skillId`, `stdout`, ...;
 * docs/skills-registry.md#failure-shape).
 */
export interface SkillsService {
  list(scope?: SkillScope): Promise<SkillList>;
  search(query: SkillSearchQuery, scope?: SkillScope): Promise<SkillList>;
  get(skillId: string, scope?: SkillScope): Promise<RegistrySkill>;
  instructions(skillId: string, scope?: SkillScope): Promise<SkillInstructions>;
  run(request: SkillRunRequest): Promise<SkillRunOutcome>;
  status(options?: SkillScope & { deviceId?: string }): Promise<SkillStatusReport>;
  check(scope?: SkillScope): Promise<SkillCheckReport>;
  /** Every bin the skills need or install, sorted (OpenClaw's `skills.bins`); of one agent's skills with `agentId`. */
  bins(scope?: SkillScope): Promise<{ bins: string[]; agentId?: string }>;
  prompt(scope?: SkillScope): Promise<SkillPrompt>;
  installDependency(request: SkillDependencyRequest): Promise<SkillDependencyOutcome>;
  updateEntry(update: SkillEntryUpdate): Promise<SkillConfigWrite>;
  updateAllowlist(update: SkillAllowlistUpdate): Promise<SkillConfigWrite>;
  remove(name: string): Promise<SkillRemoval>;
  install(request: SkillInstallRequest): Promise<SkillInstallOutcome>;
  update(name: string, options?: { ref?: string; onProgress?: (line: string) => void }): Promise<SkillInstallOutcome>;
  /**
   * Starts watching the skill folders and the config (long-lived hosts; `skills.load.watch`, default on): each
   * change rebuilds the snapshots and emits `clawperator:skills-changed`. Idempotent; resolves once watching.
   */
  watch(): Promise<void>;
}

export const Skills = createToken<SkillsService>("Skills");
