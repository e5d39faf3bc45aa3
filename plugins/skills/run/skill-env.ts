import type { SkillEntryConfig } from "../gating/eligibility.ts";

/**
 * Variables a skill's config overrides may not set: they change how the child (or anything it starts) loads
 * code or finds programs. Matched case-insensitively; prefixes end in `_` or `*`.
 */
const BLOCKED_NAMES = new Set([
  "PATH",
  "NODE_OPTIONS",
  "NODE_PATH",
  "NODE_EXTRA_CA_CERTS",
  "NODE_TLS_REJECT_UNAUTHORIZED",
  "NODE_REPL_EXTERNAL_MODULE",
  "SHELL",
  "BASH_ENV",
  "ENV",
  "IFS",
  "PS4",
  "PROMPT_COMMAND",
  "HOME",
  "TMPDIR",
  "PYTHONPATH",
  "PYTHONSTARTUP",
  "PERL5LIB",
  "PERL5OPT",
  "RUBYLIB",
  "RUBYOPT",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_EXEC_PATH",
  "GIT_CONFIG_GLOBAL",
  "JAVA_TOOL_OPTIONS",
  "ANDROID_ADB_SERVER_PORT",
  "ADB_SERVER_SOCKET",
  "ADB_VENDOR_KEYS",
  "ADB_PATH",
]);
const BLOCKED_PREFIXES = ["LD_", "DYLD_", "CLAWPERATOR_", "BASH_FUNC_", "NPM_CONFIG_", "GIT_CONFIG_"];

export function isDangerousEnvName(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    BLOCKED_NAMES.has(upper) ||
    BLOCKED_PREFIXES.some((p) => upper.startsWith(p)) ||
    !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
  );
}

export interface SkillEnvInput {
  base: NodeJS.ProcessEnv;
  entry?: SkillEntryConfig;
  primaryEnv?: string;
  /** What the runtime injects (CLAWPERATOR_BIN, device, operator package, inputs); always wins. */
  injected?: Record<string, string>;
}

/**
 * The child's environment (spec/002 "Config overrides", spec/004 section 8): config `env` values and the
 * `apiKey` (as `primaryEnv`) fill only variables the process does not already have, never a dangerous one;
 * they reach the child only, never this process. Returns the names that were refused so they can be reported.
 */
export function skillEnv(input: SkillEnvInput): { env: NodeJS.ProcessEnv; refused: string[] } {
  const env: NodeJS.ProcessEnv = { ...input.base };
  const refused: string[] = [];
  const offer = (name: string, value: string) => {
    if (isDangerousEnvName(name)) refused.push(name);
    else if (env[name] === undefined || env[name] === "") env[name] = value;
  };
  for (const [name, value] of Object.entries(input.entry?.env ?? {})) offer(name, value);
  if (input.entry?.apiKey && input.primaryEnv) offer(input.primaryEnv, input.entry.apiKey);
  Object.assign(env, input.injected ?? {});
  return { env, refused };
}
