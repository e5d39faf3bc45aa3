import type { SkillReadiness, SkillStatus } from "../../../core/services/skills.ts";
import { untrustedRecipe } from "../deps/install-command.ts";
import { type Eligibility, evaluateEligibility, type SkillEntryConfig } from "../gating/eligibility.ts";
import { type Catalog, frontmatterOf, type SkillRecord, skillFileOf } from "../sources/catalog.ts";
import { byEnglish } from "../sources/scan-folders.ts";
import { emojiOf, homepageOf, invocationPolicy, type SkillMetadata, skillMetadata } from "../sources/skill-metadata.ts";
import { notRemovableReason } from "../manage/removable.ts";
import { type InstallPreferences, installOptions } from "./install-options.ts";

/** What a status is judged against: the config's skill settings, the host, the agent's allowlist. */
export interface StatusContext {
  entries: Record<string, SkillEntryConfig>;
  allowBundled?: readonly string[];
  config: unknown;
  env: NodeJS.ProcessEnv;
  platform: string;
  hasBin(name: string): boolean;
  prefs: InstallPreferences;
  /** The agent's allowlist of names; undefined: every skill. */
  agentFilter?: ReadonlySet<string>;
  device?: { id: string; packages: ReadonlySet<string> };
}

/** A record's parsed gates, its key and its eligibility: what run and status both need. */
export interface Judged {
  record: SkillRecord;
  metadata: SkillMetadata;
  skillKey: string;
  entry?: SkillEntryConfig;
  eligibility: Eligibility;
}

export function judge(record: SkillRecord, ctx: StatusContext): Judged {
  const metadata = skillMetadata(frontmatterOf(record));
  const name = record.entry.id;
  const skillKey = metadata.skillKey ?? name;
  const entry = ctx.entries[skillKey];
  const eligibility = evaluateEligibility({
    metadata,
    precedence: record.origin.precedence,
    name,
    skillKey,
    ...(entry ? { entry } : {}),
    ...(ctx.allowBundled ? { allowBundled: ctx.allowBundled } : {}),
    config: ctx.config,
    env: ctx.env,
    platform: ctx.platform,
    hasBin: ctx.hasBin,
    ...(ctx.device ? { device: ctx.device } : {}),
    ...(record.entry.applicationId ? { registryPackages: [record.entry.applicationId] } : {}),
  });
  return { record, metadata, skillKey, ...(entry ? { entry } : {}), eligibility };
}

const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";

function readiness(e: Eligibility, invalid: boolean): SkillReadiness {
  if (invalid) return "invalid";
  if (e.disabled) return "disabled";
  if (e.blockedByAllowlist) return "blocked";
  if (e.platformIncompatible) return "unsupported";
  return e.eligible ? "ready" : "needs-setup";
}

/** One skill's status: OpenClaw's fields (`buildSkillStatus`) and ours, never a secret value. */
export function skillStatus(judged: Judged, ctx: StatusContext): SkillStatus {
  const { record, metadata, skillKey, entry, eligibility: e } = judged;
  const frontmatter = frontmatterOf(record);
  const invalid = record.problem;
  const policy = invocationPolicy(frontmatter);
  const name = record.entry.id;
  const eligible = e.eligible && !invalid;
  const blockedByAgentFilter = ctx.agentFilter !== undefined && !ctx.agentFilter.has(name);
  const available = eligible && !blockedByAgentFilter;
  const emoji = emojiOf(metadata, frontmatter.fields);
  const homepage = homepageOf(metadata, frontmatter.fields);
  const options = installOptions(metadata, ctx.prefs, ctx.platform, ctx.hasBin, skillKey);
  const precedence = record.origin.precedence;
  const untrusted = untrustedRecipe(name, precedence);
  const notRemovable = notRemovableReason(record.fromRegistry, precedence);
  return {
    name,
    id: name,
    description: frontmatter.description?.trim() || String(record.entry.summary ?? ""),
    skillKey,
    source: precedence,
    bundled: precedence === "bundled",
    filePath: skillFileOf(record),
    baseDir: record.origin.dir,
    ...(emoji ? { emoji } : {}),
    ...(homepage ? { homepage } : {}),
    ...(metadata.primaryEnv !== undefined ? { primaryEnv: metadata.primaryEnv } : {}),
    always: metadata.always,
    disabled: e.disabled,
    blockedByAllowlist: e.blockedByAllowlist,
    blockedByAgentFilter,
    eligible,
    platformIncompatible: e.platformIncompatible,
    modelVisible: available && !policy.disableModelInvocation,
    userInvocable: policy.userInvocable,
    commandVisible: available && policy.userInvocable,
    ...(policy.commandDispatch ? { commandDispatch: policy.commandDispatch } : {}),
    requirements: e.requirements,
    missing: e.missing,
    configChecks: e.configChecks,
    install: options.install,
    installOptions: options.installOptions,
    ...(options.installOptions.length && untrusted ? { installWarning: untrusted } : {}),
    readiness: readiness(e, invalid !== undefined),
    ...(invalid ? { invalid: { reason: invalid.reason, ...(invalid.line ? { line: invalid.line } : {}) } } : {}),
    configured: {
      ...(entry?.enabled !== undefined ? { enabled: entry.enabled } : {}),
      apiKey: filled(entry?.apiKey),
      env: Object.entries(entry?.env ?? {})
        .filter(([, v]) => filled(v))
        .map(([k]) => k),
    },
    removable: notRemovable === undefined,
    ...(notRemovable ? { notRemovable } : {}),
    packages: e.packages,
    origin: record.origin,
  };
}

/** Every skill's status, by name (OpenClaw's order); invalid folders last. */
export function statusesOf(catalog: Catalog, ctx: StatusContext): SkillStatus[] {
  const byName = (a: SkillStatus, b: SkillStatus) => byEnglish(a.name, b.name);
  const of = (records: SkillRecord[]) => records.map((r) => skillStatus(judge(r, ctx), ctx)).sort(byName);
  return [...of(catalog.records()), ...of(catalog.invalid())];
}
