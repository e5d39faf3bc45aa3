import { dirname, resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkDeviceSerial } from "../../../core/contracts/device-serial.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { DEFAULT_OPERATOR_PACKAGE } from "../../../core/contracts/limits.ts";
import type { SkillSourceContribution } from "../../../core/kernel/contributions.ts";
import type { ContributionList } from "../../../core/kernel/registries.ts";
import type { Logger } from "../../../core/services/logger.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import type {
  RegistrySkill,
  SkillList,
  SkillRunOutcome,
  SkillRunRequest,
  SkillSearchQuery,
  SkillsService,
  SkillStatus,
  SkillStatusReport,
} from "../../../core/services/skills.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { evaluateEligibility, type Eligibility } from "../gating/eligibility.ts";
import { gatingMetadata } from "../gating/gating-metadata.ts";
import { chooseRegistry, managedSkillsDir } from "../registry/registry-path.ts";
import { searchSkills } from "../registry/search.ts";
import { findOnPath } from "../../../core/host/executables.ts";
import { resolveClawperatorBin } from "../run/clawperator-bin.ts";
import { skillEnv } from "../run/skill-env.ts";
import { frontmatterOf, loadCatalog, type Catalog, type SkillRecord } from "../sources/catalog.ts";
import { sourceDirs } from "../sources/source-dirs.ts";
import type { SkillsConfig } from "../skills-config.ts";
import type { SkillInputs } from "../usage/skill-inputs.ts";
import type { SkillValidation } from "../validate/validate-skill.ts";
import { devicePackages } from "./device-packages.ts";

export interface SkillsServiceDeps {
  config: RuntimeConfig;
  sources: ContributionList<SkillSourceContribution>;
  transport: () => Transport;
  logger: Logger;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  platform?: string;
}

/** The skills runtime: the catalog (registry + folder sources), gating, validation, compile and run. */
export class SkillsRuntime implements SkillsService {
  readonly #deps: SkillsServiceDeps;
  readonly #bins = new Map<string, boolean>();

  constructor(deps: SkillsServiceDeps) {
    this.#deps = deps;
  }

  get #skillsConfig(): SkillsConfig {
    return (this.#deps.config.skills ?? {}) as SkillsConfig;
  }

  get #env(): NodeJS.ProcessEnv {
    return this.#deps.env ?? process.env;
  }

  get managedDir(): string {
    return managedSkillsDir(this.#skillsConfig.dir);
  }

  /** Reads the registry and the folder sources afresh, so a long-lived host sees installs and edits. */
  catalog(): Catalog {
    const cwd = this.#deps.cwd ?? process.cwd();
    const cfg = this.#skillsConfig;
    const configDir = this.#deps.config.filepath ? dirname(this.#deps.config.filepath) : cwd;
    const choice = chooseRegistry({
      ...(cfg.registry ? { explicit: resolve(configDir, cfg.registry) } : {}),
      env: this.#env,
      cwd,
      managedDir: this.managedDir,
    });
    const sources = sourceDirs({
      cwd,
      managedDir: this.managedDir,
      configDir,
      contributed: this.#deps.sources,
      ...(cfg.load?.extraDirs ? { extraDirs: cfg.load.extraDirs } : {}),
    });
    return loadCatalog({ choice, managedDir: this.managedDir, sources });
  }

  record(skillId: string, catalog = this.catalog()): SkillRecord {
    const record = catalog.find(skillId);
    if (!record) {
      throw new ClawperatorError("SKILL_NOT_FOUND", `Skill not found: ${skillId}`, {
        hint: "Confirm the exact id with `clawperator skills list` or `clawperator skills search`.",
        details: { skillId },
      });
    }
    return record;
  }

  async list(): Promise<SkillList> {
    const skills = this.catalog().entries();
    return { skills, count: skills.length };
  }

  async search(query: SkillSearchQuery): Promise<SkillList> {
    const skills = searchSkills(this.catalog().entries(), query);
    return { skills, count: skills.length };
  }

  async get(skillId: string): Promise<RegistrySkill> {
    return this.record(skillId).entry;
  }

  /** What to pass to a skill: its declared inputs, SKILL.md's usage lines, its artifacts' variables. */
  async inputs(record: SkillRecord): Promise<SkillInputs> {
    return (await import("../usage/skill-inputs.js")).skillInputs(record);
  }

  // validate, compile and run load their code on first use: list and search stay free of zod and execa.
  async validate(skillId: string, options: { dryRun?: boolean } = {}): Promise<SkillValidation> {
    const record = this.record(skillId);
    return (await import("../validate/validate-skill.js")).validateSkill(record, options);
  }

  async validateAll(options: { dryRun?: boolean } = {}): Promise<{
    valid: boolean;
    count: number;
    results: (SkillValidation | { valid: false; skillId: string; error: unknown })[];
  }> {
    const catalog = this.catalog();
    const { validateSkill } = await import("../validate/validate-skill.js");
    const results: (SkillValidation | { valid: false; skillId: string; error: unknown })[] = [];
    for (const record of catalog.records()) {
      try {
        results.push(await validateSkill(record, options));
      } catch (error) {
        if (!(error instanceof ClawperatorError)) throw error;
        results.push({ valid: false, skillId: record.entry.id, error: error.toJSON() });
      }
    }
    return { valid: results.every((r) => r.valid), count: results.length, results };
  }

  async compile(skillId: string, artifact: string, vars: string | undefined): Promise<Execution> {
    const record = this.record(skillId);
    return (await import("../compile/compile-artifact.js")).compileArtifact(record, artifact, vars);
  }

  #hasBin = (name: string) => {
    let found = this.#bins.get(name);
    if (found === undefined) {
      found = findOnPath(name, this.#env) !== undefined;
      this.#bins.set(name, found);
    }
    return found;
  };

  #eligibility(
    record: SkillRecord,
    device?: { id: string; packages: ReadonlySet<string> },
  ): Eligibility & { skillKey: string; primaryEnv?: string; always: boolean } {
    const frontmatter = frontmatterOf(record);
    const gating = gatingMetadata(frontmatter.metadata);
    const skillKey = gating.skillKey ?? record.entry.id;
    const cfg = this.#skillsConfig;
    const entry = cfg.entries?.[skillKey];
    const eligibility = evaluateEligibility({
      gating,
      precedence: record.origin.precedence,
      name: record.entry.id,
      ...(entry ? { entry } : {}),
      ...(cfg.allowBundled ? { allowBundled: cfg.allowBundled } : {}),
      config: this.#deps.config,
      env: this.#env,
      platform: this.#deps.platform ?? process.platform,
      hasBin: this.#hasBin,
      ...(device ? { device } : {}),
      ...(record.entry.applicationId ? { registryPackages: [record.entry.applicationId] } : {}),
    });
    return {
      ...eligibility,
      skillKey,
      always: gating.always,
      ...(gating.primaryEnv ? { primaryEnv: gating.primaryEnv } : {}),
    };
  }

  async #device(deviceId: string | undefined): Promise<{ id: string; packages: ReadonlySet<string> } | undefined> {
    if (!deviceId) return undefined;
    checkDeviceSerial(deviceId, "device id");
    const packages = await devicePackages(this.#deps.transport(), deviceId);
    return packages ? { id: deviceId, packages } : undefined;
  }

  async status(options: { deviceId?: string } = {}): Promise<SkillStatusReport> {
    const catalog = this.catalog();
    const device = await this.#device(options.deviceId);
    const skills: SkillStatus[] = catalog.records().map((record) => {
      const e = this.#eligibility(record, device);
      const description = frontmatterOf(record).description ?? record.entry.summary;
      return {
        id: record.entry.id,
        skillKey: e.skillKey,
        ...(description ? { description } : {}),
        eligible: e.eligible,
        missing: e.missing,
        always: e.always,
        ...(e.primaryEnv ? { primaryEnv: e.primaryEnv } : {}),
        configChecks: e.configChecks,
        packages: e.packages,
        origin: record.origin,
      };
    });
    const eligible = skills.filter((s) => s.eligible).length;
    return {
      skills,
      count: skills.length,
      eligible,
      blocked: skills.length - eligible,
      ...(device ? { deviceId: device.id } : {}),
    };
  }

  async run(given: SkillRunRequest): Promise<SkillRunOutcome> {
    const deviceId = given.deviceId ?? this.#deps.config.deviceId;
    // The serial becomes the script's first argument and CLAWPERATOR_DEVICE_ID: only what adb itself prints.
    if (deviceId !== undefined)
      checkDeviceSerial(deviceId, given.deviceId === undefined ? "config deviceId" : "device id");
    const request = { ...given, ...(deviceId ? { deviceId } : {}) };
    const catalog = this.catalog();
    const record = this.record(request.skillId, catalog);
    if (request.validate) await (await import("../validate/validate-skill.js")).validateSkill(record, { dryRun: true });
    const device = await this.#device(request.deviceId);
    const e = this.#eligibility(record, device);
    if (!e.eligible) {
      throw new ClawperatorError(
        "SKILL_NOT_ELIGIBLE",
        `Skill ${record.entry.id} is blocked: ${e.missing.map((m) => m.kind).join(", ")}`,
        {
          hint: "Run `clawperator skills status` to see what it needs.",
          details: { skillId: record.entry.id, missing: e.missing },
        },
      );
    }
    const { env, refused } = skillEnv({
      base: this.#env,
      ...(this.#skillsConfig.entries?.[e.skillKey] ? { entry: this.#skillsConfig.entries[e.skillKey] } : {}),
      ...(e.primaryEnv ? { primaryEnv: e.primaryEnv } : {}),
    });
    if (refused.length)
      this.#deps.logger.warn(`skills.entries.${e.skillKey}.env may not set ${refused.join(", ")}; ignored`);
    const { runSkillScript } = await import("../run/run-skill.js");
    return runSkillScript(record, request, {
      env,
      clawperatorBin: resolveClawperatorBin(this.#env),
      operatorPackage: request.operatorPackage ?? this.#deps.config.operatorPackage ?? DEFAULT_OPERATOR_PACKAGE,
      ...(catalog.registry ? { registryPath: catalog.registry.path } : {}),
      ...(this.#skillsConfig.maxOutputBytes ? { maxOutputBytes: this.#skillsConfig.maxOutputBytes } : {}),
    });
  }
}
