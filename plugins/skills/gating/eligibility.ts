import type { SkillPrecedence } from "../../../core/kernel/contributions.ts";
import type { MissingReason } from "../../../core/services/skills.ts";
import type { GatingMetadata } from "./gating-metadata.ts";

/** `skills.entries.<key>` of the config (spec/002 "Config overrides"). */
export interface SkillEntryConfig {
  enabled?: boolean;
  env?: Record<string, string>;
  apiKey?: string;
  config?: Record<string, unknown>;
}

export interface EligibilityInput {
  gating: GatingMetadata;
  precedence: SkillPrecedence;
  /** The skill's name (registry id or frontmatter name); `skills.allowBundled` lists names. */
  name: string;
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
  missing: MissingReason[];
  configChecks: { path: string; satisfied: boolean }[];
  packages: { name: string; installed: boolean | null }[];
}

/** The value at a dotted path of the config, truthy or not (never returned to the caller). */
function truthyAt(config: unknown, path: string): boolean {
  let value: unknown = config;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return Boolean(value);
}

/**
 * spec/004 section 5: disabled by config or outside `allowBundled` blocks outright; otherwise the requirements
 * (os, bins, anyBins, env, config, and the Android packages on the selected device) must hold unless `always`.
 */
export function evaluateEligibility(input: EligibilityInput): Eligibility {
  const { gating, entry } = input;
  const missing: MissingReason[] = [];
  if (entry?.enabled === false) missing.push({ kind: "disabled" });
  if (input.precedence === "bundled" && input.allowBundled && !input.allowBundled.includes(input.name))
    missing.push({ kind: "notAllowedBundled" });

  const requirements: MissingReason[] = [];
  if (gating.os && !gating.os.includes(input.platform))
    requirements.push({ kind: "os", required: gating.os, actual: input.platform });
  const bins = gating.bins.filter((b) => !input.hasBin(b));
  if (bins.length) requirements.push({ kind: "bins", names: bins });
  if (gating.anyBins.length && !gating.anyBins.some((b) => input.hasBin(b)))
    requirements.push({ kind: "anyBins", names: gating.anyBins });
  const env = gating.env.filter((name) => {
    if (input.env[name]) return false;
    if (entry?.env?.[name]) return false;
    return !(entry?.apiKey && gating.primaryEnv === name);
  });
  if (env.length) requirements.push({ kind: "env", names: env });
  const configChecks = gating.config.map((path) => ({ path, satisfied: truthyAt(input.config, path) }));
  const unmet = configChecks.filter((c) => !c.satisfied).map((c) => c.path);
  if (unmet.length) requirements.push({ kind: "config", paths: unmet });

  const wanted = [...new Set([...(input.registryPackages ?? []), ...gating.packages])];
  const packages = wanted.map((name) => ({ name, installed: input.device ? input.device.packages.has(name) : null }));
  const absent = packages.filter((p) => p.installed === false).map((p) => p.name);
  if (absent.length && input.device) requirements.push({ kind: "packages", names: absent, deviceId: input.device.id });

  if (!gating.always) missing.push(...requirements);
  return { eligible: missing.length === 0, missing, configChecks, packages };
}
