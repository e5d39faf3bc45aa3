import type { SkillPrecedence } from "../../../core/kernel/contributions.ts";
import type { SkillMissing, SkillRequirements } from "../../../core/services/skills.ts";
import type { SkillMetadata } from "../sources/skill-metadata.ts";

/** `skills.entries.<key>` of the config (docs/openclaw-skills.md#config-overrides). */
export interface SkillEntryConfig {
  enabled?: boolean;
  env?: Record<string, string>;
  apiKey?: string;
  config?: Record<string, unknown>;
}

export interface EligibilityInput {
  metadata: SkillMetadata;
  precedence: SkillPrecedence;
  /** The skill's name and key: `skills.allowBundled` may list either. */
  name: string;
  skillKey: string;
  entry?: SkillEntryConfig;
  allowBundled?: readonly string[];
  /** The whole validated config, for `requires.config` paths. */
  config: unknown;
  env: NodeJS.ProcessEnv;
  platform: string;
  hasBin(name: string): boolean;
  /** Installed packages of the selected device; undefined when no device was checked. */
  device?: { id: string; packages: ReadonlySet<string> };
  /** Packages the registry names for the skill (its applicationId). */
  registryPackages?: readonly string[];
}

export interface Eligibility {
  eligible: boolean;
  disabled: boolean;
  blockedByAllowlist: boolean;
  platformIncompatible: boolean;
  requirements: SkillRequirements;
  missing: SkillMissing;
  configChecks: { path: string; satisfied: boolean }[];
  packages: { name: string; installed: boolean | null }[];
}

const BLOCKED_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/** OpenClaw's truthiness of a config value: a non-blank string, a non-zero number, true, or any object. */
function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return value.trim().length > 0;
  return true;
}

/** Whether the value at a dotted path of the config is truthy (the value itself never leaves this function). */
export function configPathTruthy(config: unknown, path: string): boolean {
  let value: unknown = config;
  for (const key of path.split(".").filter(Boolean)) {
    if (typeof value !== "object" || value === null || BLOCKED_KEYS.has(key)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return isTruthy(value);
}

const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";
const osName = (p: string) => {
  const n = p.trim().toLowerCase();
  return n === "macos" ? "darwin" : n;
};

/** Whether a required variable is there: in the environment, in `entries.env`, or as the apiKey of `primaryEnv`. */
export function envSatisfied(
  name: string,
  env: NodeJS.ProcessEnv,
  entry: SkillEntryConfig | undefined,
  primaryEnv: string | undefined,
): boolean {
  return filled(env[name]) || filled(entry?.env?.[name]) || (primaryEnv === name && filled(entry?.apiKey));
}

/** `skills.allowBundled` applies to bundled skills only; an empty list allows every one. */
export function allowedBundled(input: Pick<EligibilityInput, "precedence" | "name" | "skillKey" | "allowBundled">) {
  const list = (input.allowBundled ?? []).map((n) => n.trim()).filter(Boolean);
  if (input.precedence !== "bundled" || list.length === 0) return true;
  return list.includes(input.skillKey) || list.includes(input.name);
}

/**
 * Eligibility as OpenClaw 2026.9.6 decides it (docs/openclaw-skills.md#eligibility): `enabled: false` and
 * `skills.allowBundled` block outright; the OS must match (`always` does not lift that); `always` lifts the other
 * requirements: every bin, one of `anyBins`, each env (environment, `entries.env`, or apiKey for `primaryEnv`), each
 * config path truthy; and our Android packages on the selected device.
 */
export function evaluateEligibility(input: EligibilityInput): Eligibility {
  const { metadata: m, entry } = input;
  const disabled = entry?.enabled === false;
  const blockedByAllowlist = !allowedBundled(input);
  const platform = osName(input.platform);
  const os = [...new Set(m.osGates.flat())];
  const missingOs = [...new Set(m.osGates.filter((gate) => !gate.map(osName).includes(platform)).flat())];
  const configChecks = m.config.map((path) => ({ path, satisfied: configPathTruthy(input.config, path) }));
  const wanted = [...new Set([...(input.registryPackages ?? []).filter(Boolean), ...m.packages])];
  const packages = wanted.map((name) => ({ name, installed: input.device ? input.device.packages.has(name) : null }));
  const lifted = m.always;
  const missing: SkillMissing = {
    bins: lifted ? [] : m.bins.filter((b) => !input.hasBin(b)),
    anyBins: lifted || m.anyBins.length === 0 || m.anyBins.some((b) => input.hasBin(b)) ? [] : m.anyBins,
    env: lifted ? [] : m.env.filter((name) => !envSatisfied(name, input.env, entry, m.primaryEnv)),
    config: lifted ? [] : configChecks.filter((c) => !c.satisfied).map((c) => c.path),
    os: missingOs,
    packages: lifted || !input.device ? [] : packages.filter((p) => p.installed === false).map((p) => p.name),
  };
  const requirementsMet =
    missing.os.length === 0 &&
    missing.bins.length === 0 &&
    missing.anyBins.length === 0 &&
    missing.env.length === 0 &&
    missing.config.length === 0 &&
    missing.packages.length === 0;
  return {
    eligible: !disabled && !blockedByAllowlist && requirementsMet,
    disabled,
    blockedByAllowlist,
    platformIncompatible: missing.os.length > 0,
    requirements: { bins: m.bins, anyBins: m.anyBins, env: m.env, config: m.config, os, packages: wanted },
    missing,
    configChecks,
    packages,
  };
}
