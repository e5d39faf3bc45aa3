import type { SkillInstallOption, SkillSetupOption } from "../../../core/services/skills.ts";
import { installPlan } from "../deps/install-command.ts";
import { type InstallSpec, installIdOf } from "../sources/install-spec.ts";
import type { SkillMetadata } from "../sources/skill-metadata.ts";

/** `skills.install` of the config: brew first when it is on PATH (default), and the node package manager. */
export interface InstallPreferences {
  preferBrew: boolean;
  nodeManager: "npm" | "pnpm" | "yarn" | "bun";
}

export function installPreferences(config: { preferBrew?: boolean; nodeManager?: string } | undefined) {
  const manager = config?.nodeManager?.trim().toLowerCase();
  return {
    preferBrew: config?.preferBrew ?? true,
    nodeManager: manager === "pnpm" || manager === "yarn" || manager === "bun" ? manager : "npm",
  } satisfies InstallPreferences;
}

/**
 * OpenClaw's choice among a skill's options: brew when preferred and on PATH, else uv, node, brew on PATH, go,
 * download, brew, the first.
 */
export function preferredSpec(
  specs: readonly InstallSpec[],
  prefs: InstallPreferences,
  hasBin: (b: string) => boolean,
) {
  const find = (kind: InstallSpec["kind"]) => specs.find((s) => s.kind === kind);
  const brew = find("brew");
  const brewOnPath = brew !== undefined && hasBin("brew");
  return (
    (prefs.preferBrew && brewOnPath ? brew : undefined) ??
    find("uv") ??
    find("node") ??
    (brewOnPath ? brew : undefined) ??
    find("go") ??
    find("download") ??
    brew ??
    specs[0]
  );
}

function label(spec: InstallSpec, prefs: InstallPreferences): string {
  if (spec.kind === "node" && spec.package) return `Install ${spec.package} (${prefs.nodeManager})`;
  const given = (spec.label ?? "").trim();
  if (given) return given;
  if (spec.kind === "brew" && spec.formula) return `Install ${spec.formula} (brew)`;
  if (spec.kind === "go" && spec.module) return `Install ${spec.module} (go)`;
  if (spec.kind === "uv" && spec.package) return `Install ${spec.package} (uv)`;
  if (spec.kind === "download" && spec.url) {
    const last = spec.url.trim().split("/").pop();
    return `Download ${last ? last : spec.url.trim()}`;
  }
  return "Run installer";
}

const optionOf = (spec: InstallSpec, index: number, prefs: InstallPreferences): SkillInstallOption => ({
  id: installIdOf(spec, index),
  kind: spec.kind,
  label: label(spec, prefs),
  bins: spec.bins ?? [],
});

/** The options this OS may run (none when the skill itself is for another OS), each with its index in the list. */
export function specsForPlatform(metadata: SkillMetadata, platform: string): { spec: InstallSpec; index: number }[] {
  if (metadata.osGates.some((gate) => !gate.includes(platform))) return [];
  return metadata.install
    .map((spec, index) => ({ spec, index }))
    .filter(({ spec }) => !spec.os?.length || spec.os.includes(platform));
}

/**
 * `install` as OpenClaw's status has it (the preferred option, or every download when all are downloads) and
 * `installOptions`: every option for this OS, the preferred one first, each with what it would run (`runs`) for the
 * skill's key.
 */
export function installOptions(
  metadata: SkillMetadata,
  prefs: InstallPreferences,
  platform: string,
  hasBin: (b: string) => boolean,
  skillKey: string,
): { install: SkillInstallOption[]; installOptions: SkillSetupOption[] } {
  const usable = specsForPlatform(metadata, platform);
  if (usable.length === 0) return { install: [], installOptions: [] };
  const all = usable.map(({ spec, index }) => optionOf(spec, index, prefs));
  const preferred = preferredSpec(
    usable.map((u) => u.spec),
    prefs,
    hasBin,
  );
  const at = usable.findIndex((u) => u.spec === preferred);
  const setup = usable.map(({ spec }, i): SkillSetupOption => {
    const runs = installPlan(spec, prefs, skillKey);
    return { ...all[i]!, ...(runs ? { runs } : {}) };
  });
  const ordered = at < 0 ? setup : [setup[at]!, ...setup.filter((_, i) => i !== at)];
  if (usable.every(({ spec }) => spec.kind === "download")) return { install: all, installOptions: ordered };
  return { install: at < 0 ? [] : [all[at]!], installOptions: ordered };
}
