import type { SkillPrecedence } from "../kernel/contributions.ts";
import { createToken } from "../kernel/token.ts";

/** One entry of `skills-registry.json` (spec/000 "Skill Structure"); real registries carry the optional fields. */
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

/** The list / search response of spec/000: the registry entries and their count. */
export interface SkillList {
  skills: RegistrySkill[];
  count: number;
}

export interface SkillSearchQuery {
  app?: string;
  intent?: string;
  keyword?: string;
}

/** A skill's place among the sources (spec/004 section 4), for status and for the programmatic API. */
export interface SkillOrigin {
  /** `registry` for the active skills-registry.json, otherwise the id of the source directory. */
  sourceId: string;
  precedence: SkillPrecedence;
  /** The plugin that contributed the source, when one did. */
  plugin?: string;
  /** Absolute path of the skill's folder. */
  dir: string;
}

/** Why a skill is blocked (spec/004 section 5); never carries a secret value. */
export type MissingReason =
  | { kind: "disabled" }
  | { kind: "notAllowedBundled" }
  | { kind: "os"; required: string[]; actual: string }
  | { kind: "bins"; names: string[] }
  | { kind: "anyBins"; names: string[] }
  | { kind: "env"; names: string[] }
  | { kind: "config"; paths: string[] }
  | { kind: "packages"; names: string[]; deviceId: string };

export interface SkillStatus {
  id: string;
  skillKey: string;
  description?: string;
  eligible: boolean;
  /** Why the skill is eligible despite requirements (`always`), or blocked. */
  missing: MissingReason[];
  always: boolean;
  primaryEnv?: string;
  /** `requires.config` paths and whether each is truthy; values are never shown. */
  configChecks: { path: string; satisfied: boolean }[];
  /** Android packages the skill operates, and whether the selected device has them (null: no device checked). */
  packages: { name: string; installed: boolean | null }[];
  origin: SkillOrigin;
}

export interface SkillStatusReport {
  skills: SkillStatus[];
  count: number;
  eligible: number;
  blocked: number;
  /** The device whose installed packages were checked, when one was. */
  deviceId?: string;
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

/** The wrapper's answer (spec/000 "skills run Success Shape" / "Indeterminate Shape"). */
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
 * The skills runtime as a service (registered by the skills plugin), so any front end (the CLI commands, the
 * HTTP routes, the OpenClaw bridge) lists, searches, gets and runs skills without importing the plugin.
 * Failures are ClawperatorErrors whose `details` carry spec/000's extra fields (`skillId`, `stdout`, ...).
 */
export interface SkillsService {
  list(): Promise<SkillList>;
  search(query: SkillSearchQuery): Promise<SkillList>;
  get(skillId: string): Promise<RegistrySkill>;
  run(request: SkillRunRequest): Promise<SkillRunOutcome>;
  status(options?: { deviceId?: string }): Promise<SkillStatusReport>;
}

export const Skills = createToken<SkillsService>("Skills");
