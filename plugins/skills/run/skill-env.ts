import type { SkillEntryConfig } from "../gating/eligibility.ts";

/**
 * Variables a skill's config overrides may not set: they change how the child (or anything it starts) loads
 * code, finds programs, runs shell startup or prompt code, or whom it trusts. Matched case-insensitively.
 */
const BLOCKED_NAMES = new Set([
  "PATH",
  "HOME",
  "TMPDIR",
  // Shells: startup files, options and code run on expansion (bash, sh, ksh, zsh).
  "SHELL",
  "SHELLOPTS",
  "ENV",
  "IFS",
  "CDPATH",
  "GLOBIGNORE",
  "EXECIGNORE",
  "PROMPT_COMMAND",
  "POSIXLY_CORRECT",
  "ZDOTDIR",
  "FPATH",
  // Interpreters and runtimes.
  "NODE_OPTIONS",
  "NODE_PATH",
  "NODE_EXTRA_CA_CERTS",
  "NODE_TLS_REJECT_UNAUTHORIZED",
  "NODE_REPL_EXTERNAL_MODULE",
  "PYTHONPATH",
  "PYTHONHOME",
  "PYTHONSTARTUP",
  "PYTHONINSPECT",
  "PYTHONBREAKPOINT",
  "PYTHONUSERBASE",
  "PERL5LIB",
  "PERLLIB",
  "PERL5OPT",
  "PERL5DB",
  "RUBYLIB",
  "RUBYOPT",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  // The C library and TLS: modules loaded by name, trust anchors.
  "GCONV_PATH",
  "OPENSSL_CONF",
  "OPENSSL_ENGINES",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  // Git and adb: programs run, configuration read, the server reached.
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_EXEC_PATH",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "ANDROID_ADB_SERVER_PORT",
  "ADB_SERVER_SOCKET",
  "ADB_VENDOR_KEYS",
  "ADB_PATH",
]);
/** BASH covers BASH_ENV, BASHOPTS, BASH_FUNC_*, BASH_XTRACEFD, BASH_LOADABLES_PATH and the rest of bash's own. */
const BLOCKED_PREFIXES = ["BASH", "LD_", "DYLD_", "CLAWPERATOR_", "NPM_CONFIG_", "GIT_CONFIG"];
/** PS0-PS4: prompt strings, expanded (command substitution included) by interactive shells and by `set -x`. */
const PROMPT = /^PS\d$/;

export function isDangerousEnvName(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    BLOCKED_NAMES.has(upper) ||
    PROMPT.test(upper) ||
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
 * The child's environment (docs/openclaw-skills.md#config-overrides, docs/openclaw-skills.md#environment-injection):
 * config `env` values and the `apiKey` (as `primaryEnv`) fill only variables the process does not already have, never a
 * dangerous one; they reach the child only, never this process. Returns the names that were refused so they can be
 * reported.
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
