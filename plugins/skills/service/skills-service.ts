import { dirname, join, resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkDeviceSerial } from "../../../core/contracts/device-serial.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { DEFAULT_OPERATOR_PACKAGE } from "../../../core/contracts/limits.ts";
import { findOnPath } from "../../../core/host/executables.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import type { SkillSourceContribution } from "../../../core/kernel/contributions.ts";
import type { ContributionList } from "../../../core/kernel/registries.ts";
import { packageRoot } from "../../../core/package-version.ts";
import type { EventBus } from "../../../core/services/event-bus.ts";
import type { Logger } from "../../../core/services/logger.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import type {
  RegistrySkill,
  SkillAllowlistUpdate,
  SkillCheckReport,
  SkillConfigWrite,
  SkillDependencyOutcome,
  SkillDependencyRequest,
  SkillEntryUpdate,
  SkillInstallOutcome,
  SkillInstallRequest,
  SkillInstructions,
  SkillList,
  SkillPrompt,
  SkillRemoval,
  SkillRunOutcome,
  SkillRunRequest,
  SkillScope,
  SkillSearchQuery,
  SkillsService,
  SkillStatus,
  SkillStatusReport,
} from "../../../core/services/skills.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { agentsOf, resolveAgent } from "../agents/agent-filter.ts";
import { allowedBundled } from "../gating/eligibility.ts";
import { migrateLegacyClone } from "../registry/migrate-clone.ts";
import {
  chooseRegistry,
  legacyCloneDir,
  managedSkillsDir,
  REGISTRY_SUBPATH,
  registryCloneDir,
} from "../registry/registry-path.ts";
import { searchSkills } from "../registry/search.ts";
import { resolveClawperatorBin } from "../run/clawperator-bin.ts";
import { skillEnv } from "../run/skill-env.ts";
import type { SkillsConfig } from "../skills-config.ts";
import { type Catalog, frontmatterOf, loadCatalog, type SkillRecord, skillFileOf } from "../sources/catalog.ts";
import { byEnglish } from "../sources/scan-folders.ts";
import { type SourceDir, sourceDirs } from "../sources/source-dirs.ts";
import { installPreferences } from "../status/install-options.ts";
import { invocationPolicy } from "../sources/skill-metadata.ts";
import { judge, type StatusContext, skillStatus } from "../status/skill-status.ts";
import type { SkillInputs } from "../usage/skill-inputs.ts";
import type { SkillValidation } from "../validate/validate-skill.ts";
import { devicePackages } from "./device-packages.ts";
import { notEligible } from "./not-eligible.ts";
import { checkReport, collectBins, promptOf } from "./reports.ts";
import { configFileOf } from "./config-file.ts";

export interface SkillsServiceDeps {
  config: RuntimeConfig;
  sources: ContributionList<SkillSourceContribution>;
  transport: () => Transport;
  logger: Logger;
  events?: () => EventBus | undefined;
  /** The config read again (long-lived hosts, after an edit or a change on disk). */
  reloadConfig?: () => Promise<RuntimeConfig>;
  /** Whether the host lives on (serve, mcp, the programmatic API): then the first use starts the watcher. */
  longLived?: () => boolean;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  platform?: string;
}

/** Warnings a process gives once (a collision, a capped plugin tier): a watcher rebuilding must not repeat them. */
const warned = new Set<string>();

/** What every view of one catalog shares: the statuses of each agent, built once per catalog. */
interface Built {
  catalog: Catalog;
  statuses?: Map<string, SkillStatus[]>;
}

/** The skills runtime: the catalog (registry + folder sources), gating, status, prompt, validation, compile and run. */
export class SkillsRuntime implements SkillsService {
  readonly #deps: SkillsServiceDeps;
  readonly #bins = new Map<string, boolean>();
  #config: RuntimeConfig;
  #built?: Built;
  #version = 1;
  /** While a watcher runs, the catalog is kept until it reports a change; otherwise every call reads afresh. */
  #watcher?: Promise<{ close(): void }>;
  #cacheCatalog = false;

  constructor(deps: SkillsServiceDeps) {
    this.#deps = deps;
    this.#config = deps.config;
  }

  get config(): RuntimeConfig {
    return this.#config;
  }

  get skillsConfig(): SkillsConfig {
    return (this.#config.skills ?? {}) as SkillsConfig;
  }

  get env(): NodeJS.ProcessEnv {
    return this.#deps.env ?? process.env;
  }

  get cwd(): string {
    return this.#deps.cwd ?? process.cwd();
  }

  get platform(): string {
    return this.#deps.platform ?? process.platform;
  }

  get logger(): Logger {
    return this.#deps.logger;
  }

  get managedDir(): string {
    return managedSkillsDir();
  }

  get cloneDir(): string {
    return registryCloneDir(this.skillsConfig.dir);
  }

  get configDir(): string {
    return this.#config.filepath ? dirname(this.#config.filepath) : this.cwd;
  }

  #warnOnce(key: string, message: string): void {
    if (warned.has(key)) return;
    warned.add(key);
    this.#deps.logger.warn(message);
  }

  /** Moves a registry clone the reference runtime left in the managed folder to its own place (once). */
  migrate(): void {
    if (this.skillsConfig.dir) return;
    try {
      const moved = migrateLegacyClone(legacyCloneDir(), this.cloneDir);
      if (moved)
        this.#deps.logger.info(
          `skills: moved the registry clone from ${moved.from} to ${moved.to}` +
            (moved.keptInManaged.length ? `; kept ${moved.keptInManaged.join(", ")} in ${moved.from}` : ""),
        );
    } catch (error) {
      this.#warnOnce("migrate", `skills: the registry clone in ${legacyCloneDir()} was not moved: ${String(error)}`);
    }
  }

  /** The folders skills are read from, lowest tier first (what a watcher watches, whatever the catalog holds). */
  sourceDirs(): SourceDir[] {
    const cfg = this.skillsConfig;
    const root = packageRoot();
    return sourceDirs({
      cwd: this.cwd,
      managedDir: this.managedDir,
      configDir: this.configDir,
      contributed: this.#deps.sources,
      ...(root ? { bundledDirs: [join(root, "plugins", "openclaw", "skills")] } : {}),
      ...(cfg.load?.extraDirs ? { extraDirs: cfg.load.extraDirs } : {}),
      onCapped: (plugin, id, asked) =>
        this.#warnOnce(
          `cap:${plugin}:${id}`,
          `skills: plugin ${plugin} asked for the "${asked}" tier for ${id}; plugin folders rank as bundled at most`,
        ),
    });
  }

  #loadCatalog(): Catalog {
    this.migrate();
    const cfg = this.skillsConfig;
    const choice = chooseRegistry({
      ...(cfg.registry ? { explicit: resolve(this.configDir, cfg.registry) } : {}),
      env: this.env,
      cwd: this.cwd,
      cloneDir: this.cloneDir,
    });
    const sources = this.sourceDirs();
    const catalog = loadCatalog({
      choice,
      managedRegistries: [join(this.cloneDir, REGISTRY_SUBPATH), join(legacyCloneDir(), REGISTRY_SUBPATH)],
      sources,
      onSkip: (path, reason) => this.#warnOnce(`skip:${path}`, `skills: skipped ${path}: ${reason}`),
    });
    for (const c of catalog.collisions)
      this.#warnOnce(
        `collision:${c.name}:${c.winner.path}:${c.loser.path}`,
        `skills: precedence collision for "${c.name}": winner ${c.winner.source}:${c.winner.path}, ` +
          `loser ${c.loser.source}:${c.loser.path}`,
      );
    if (catalog.registry && catalog.shadowedRegistries.length)
      this.#warnOnce(
        `shadowed:${catalog.registry.path}`,
        `skills: reading the registry at ${catalog.registry.path}; ${catalog.shadowedRegistries.join(", ")} ` +
          `${catalog.shadowedRegistries.length === 1 ? "is" : "are"} not read (the first found wins; set ` +
          `CLAWPERATOR_SKILLS_REGISTRY or config skills.registry to choose)`,
      );
    for (const r of catalog.invalid())
      this.#warnOnce(
        `invalid:${skillFileOf(r)}:${r.problem?.reason}`,
        `skills: ${skillFileOf(r)} is invalid${r.problem?.line ? ` (line ${r.problem.line})` : ""}: ${r.problem?.reason}`,
      );
    return catalog;
  }

  #current(): Built {
    if (this.#built) return this.#built;
    const built: Built = { catalog: this.#loadCatalog() };
    this.#built = built;
    // Without a watcher the catalog serves one call only (what it reads in one turn of the event loop): the next
    // call reads the files again, so a host without a watcher still sees edits.
    if (!this.#cacheCatalog)
      setImmediate(() => {
        if (this.#built === built && !this.#cacheCatalog) this.#built = undefined;
      }).unref();
    return built;
  }

  /** The catalog of this call (kept while a watcher runs). */
  catalog(): Catalog {
    return this.#current().catalog;
  }

  /** Increases with every change a long-lived host's watcher (or an edit through this runtime) saw. */
  get version(): number {
    return this.#version;
  }

  /**
   * Forgets what was built (a watcher saw a change, an edit was made): the next call reads the sources and, when
   * `reload`, the config again. Announces the new version to the host's event bus.
   */
  async invalidate(reason: string, reload = false): Promise<number> {
    if (reload && this.#deps.reloadConfig) {
      try {
        this.#config = await this.#deps.reloadConfig();
      } catch (error) {
        this.#deps.logger.warn(
          `skills: the config was not reloaded (${(error as Error).message}); keeping the old one`,
        );
      }
    }
    this.#bins.clear();
    const version = ++this.#version;
    this.#built = undefined;
    this.#deps.events?.()?.emit("clawperator:skills-changed", { version, reason });
    return version;
  }

  record(skillId: string, catalog = this.catalog()): SkillRecord {
    const record = catalog.find(skillId);
    if (!record) {
      const invalid = catalog.invalid().find((r) => r.entry.id === skillId);
      throw new ClawperatorError("SKILL_NOT_FOUND", `Skill not found: ${skillId}`, {
        hint: invalid
          ? `${skillFileOf(invalid)} is invalid: ${invalid.problem?.reason}. Fix its frontmatter.`
          : catalog.missingRegistry
            ? `There is no skills registry yet. ${HOW_TO_ADD_SKILLS}`
            : "Confirm the exact id with `clawperator skills list` or `clawperator skills search`.",
        details: { skillId, ...(invalid ? { invalid: invalid.problem, filePath: skillFileOf(invalid) } : {}) },
      });
    }
    return record;
  }

  #hasBin = (name: string) => {
    let found = this.#bins.get(name);
    if (found === undefined) {
      found = findOnPath(name, this.env) !== undefined;
      this.#bins.set(name, found);
    }
    return found;
  };

  /** What a status is judged against, for the agent of `scope`. */
  context(scope: SkillScope = {}, device?: StatusContext["device"]): StatusContext & { agentId?: string } {
    const cfg = this.skillsConfig;
    const agent = resolveAgent(this.#config.agents, scope.agentId, scope.lenientAgent);
    return {
      entries: cfg.entries ?? {},
      ...(cfg.allowBundled ? { allowBundled: cfg.allowBundled } : {}),
      config: this.#config,
      env: this.env,
      platform: this.platform,
      hasBin: this.#hasBin,
      prefs: installPreferences(cfg.install),
      ...(agent.filter ? { agentFilter: new Set(agent.filter) } : {}),
      ...(agent.agentId ? { agentId: agent.agentId } : {}),
      ...(device ? { device } : {}),
    };
  }

  /** Every skill's status for `scope`'s agent, by name (OpenClaw's order); invalid folders last. */
  statuses(
    scope: SkillScope = {},
    device?: StatusContext["device"],
  ): { ctx: ReturnType<SkillsRuntime["context"]>; skills: SkillStatus[] } {
    const built = this.#current();
    const ctx = this.context(scope, device);
    const key = device ? undefined : `${ctx.agentId ?? ""}\n${[...(ctx.agentFilter ?? ["*"])].join("\n")}`;
    const cached = key === undefined ? undefined : built.statuses?.get(key);
    if (cached) return { ctx, skills: cached };
    const byName = (a: SkillStatus, b: SkillStatus) => byEnglish(a.name, b.name);
    const skills = [
      ...built.catalog
        .records()
        .map((r) => skillStatus(judge(r, ctx), ctx))
        .sort(byName),
      ...built.catalog
        .invalid()
        .map((r) => skillStatus(judge(r, ctx), ctx))
        .sort(byName),
    ];
    if (key !== undefined && this.#cacheCatalog) {
      built.statuses ??= new Map();
      built.statuses.set(key, skills);
    }
    return { ctx, skills };
  }

  /** The names the agent may use (eligible, allowed, visible to the model), or every skill with `all`. */
  #visible(scope: SkillScope): ((entry: RegistrySkill) => boolean) | undefined {
    if (scope.all) return undefined;
    // What list and search need of a skill is whether the model may see it, not its whole status; asked per entry,
    // so a search judges only what it found.
    const ctx = this.context(scope);
    const catalog = this.#current().catalog;
    return (entry) => {
      if (ctx.agentFilter && !ctx.agentFilter.has(entry.id)) return false;
      const r = catalog.find(entry.id);
      if (!r) return false;
      const frontmatter = frontmatterOf(r);
      if (r.problem) return false;
      // Without metadata there are no requirements: only the config can block it (most registry skills).
      const eligible = frontmatter.metadata
        ? judge(r, ctx).eligibility.eligible
        : ctx.entries[r.entry.id]?.enabled !== false &&
          allowedBundled({
            precedence: r.origin.precedence,
            name: r.entry.id,
            skillKey: r.entry.id,
            ...(ctx.allowBundled ? { allowBundled: ctx.allowBundled } : {}),
          });
      return eligible && !invocationPolicy(frontmatter).disableModelInvocation;
    };
  }

  async list(scope: SkillScope = {}): Promise<SkillList> {
    const visible = this.#visible(scope);
    const catalog = this.catalog();
    const all = catalog.entries();
    return listing(visible ? all.filter(visible) : all, catalog);
  }

  async search(query: SkillSearchQuery, scope: SkillScope = {}): Promise<SkillList> {
    const visible = this.#visible(scope);
    const catalog = this.catalog();
    const found = searchSkills(catalog.entries(), query);
    return listing(visible ? found.filter(visible) : found, catalog);
  }

  /** The record of a skill the scope may use, or SKILL_NOT_ELIGIBLE saying why not (unless `all`). */
  usable(skillId: string, scope: SkillScope & { invoker?: "user" | "model" } = {}): SkillRecord {
    const catalog = this.catalog();
    const record = this.record(skillId, catalog);
    if (scope.all) return record;
    const ctx = this.context(scope);
    notEligible(skillStatus(judge(record, ctx), ctx), scope.invoker ?? "user");
    return record;
  }

  async get(skillId: string, scope: SkillScope = {}): Promise<RegistrySkill> {
    return this.usable(skillId, scope).entry;
  }

  async instructions(skillId: string, scope: SkillScope = {}): Promise<SkillInstructions> {
    return instructionsOf(this.usable(skillId, scope));
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

  /**
   * The device a skill runs on when none is named, by the execution's rule (spec/001): the one connected, or
   * MULTIPLE_DEVICES_DEVICE_ID_REQUIRED for several. None (or no adb to ask) runs the script without one, as a
   * script that needs no device may.
   */
  async #onlyDevice(): Promise<string | undefined> {
    let devices: Awaited<ReturnType<Transport["listDevices"]>>;
    try {
      devices = await this.#deps.transport().listDevices();
    } catch {
      return undefined;
    }
    const ready = devices.filter((d) => d.state === "device");
    return ready.length > 1 ? selectDevice(devices, undefined) : ready[0]?.serial;
  }

  async #device(deviceId: string | undefined): Promise<{ id: string; packages: ReadonlySet<string> } | undefined> {
    if (!deviceId) return undefined;
    checkDeviceSerial(deviceId, "device id");
    const packages = await devicePackages(this.#deps.transport(), deviceId);
    return packages ? { id: deviceId, packages } : undefined;
  }

  async status(options: SkillScope & { deviceId?: string } = {}): Promise<SkillStatusReport> {
    const device = await this.#device(options.deviceId);
    const { ctx, skills } = this.statuses(options, device);
    const eligible = skills.filter((s) => s.eligible).length;
    return {
      ...(ctx.agentId ? { agentId: ctx.agentId } : {}),
      agentSkillFilter: ctx.agentFilter ? [...ctx.agentFilter] : null,
      workspaceDir: this.cwd,
      managedSkillsDir: this.managedDir,
      skills,
      count: skills.length,
      eligible,
      blocked: skills.length - eligible,
      ...(device ? { deviceId: device.id } : {}),
      agents: agentsOf(this.#config.agents),
      config: configFileOf(this.#config),
      version: this.version,
    };
  }

  async check(scope: SkillScope = {}): Promise<SkillCheckReport> {
    const { ctx, skills } = this.statuses(scope);
    return checkReport(skills, {
      ...(ctx.agentId ? { agentId: ctx.agentId } : {}),
      agentSkillFilter: ctx.agentFilter ? [...ctx.agentFilter] : null,
      workspaceDir: this.cwd,
      managedSkillsDir: this.managedDir,
    });
  }

  async bins(scope: SkillScope = {}): Promise<{ bins: string[]; agentId?: string }> {
    const { ctx, skills } = this.statuses(scope);
    const records = new Map(
      this.catalog()
        .records()
        .map((r) => [r.entry.id, r]),
    );
    // Without an agent: every skill; with one, the skills its allowlist lets it use.
    const wanted = skills.filter((s) => !s.invalid && (scope.agentId === undefined || !s.blockedByAgentFilter));
    return {
      bins: collectBins(wanted.flatMap((s) => (records.has(s.name) ? [records.get(s.name)!] : []))),
      ...(scope.agentId !== undefined && ctx.agentId ? { agentId: ctx.agentId } : {}),
    };
  }

  async prompt(scope: SkillScope = {}): Promise<SkillPrompt> {
    const { ctx, skills } = this.statuses(scope);
    return { ...(ctx.agentId ? { agentId: ctx.agentId } : {}), ...promptOf(skills), version: this.version };
  }

  async run(given: SkillRunRequest): Promise<SkillRunOutcome> {
    const deviceId = given.deviceId ?? this.#config.deviceId ?? (await this.#onlyDevice());
    // The serial becomes the script's first argument and CLAWPERATOR_DEVICE_ID: only what adb itself prints.
    if (deviceId !== undefined)
      checkDeviceSerial(deviceId, given.deviceId === undefined ? "config deviceId" : "device id");
    const request = { ...given, ...(deviceId ? { deviceId } : {}) };
    const catalog = this.catalog();
    const record = this.record(request.skillId, catalog);
    if (request.validate) await (await import("../validate/validate-skill.js")).validateSkill(record, { dryRun: true });
    const device = await this.#device(request.deviceId);
    const scope = {
      ...(request.agentId !== undefined ? { agentId: request.agentId } : {}),
      ...(request.lenientAgent ? { lenientAgent: true } : {}),
    };
    const ctx = this.context(scope, device);
    const judged = judge(record, ctx);
    notEligible(skillStatus(judged, ctx), request.invoker ?? "user");
    const { env, refused } = skillEnv({
      base: this.env,
      ...(judged.entry ? { entry: judged.entry } : {}),
      ...(judged.metadata.primaryEnv ? { primaryEnv: judged.metadata.primaryEnv } : {}),
    });
    if (refused.length)
      this.#deps.logger.warn(`skills.entries.${judged.skillKey}.env may not set ${refused.join(", ")}; ignored`);
    const { runSkillScript } = await import("../run/run-skill.js");
    return runSkillScript(record, request, {
      env,
      clawperatorBin: resolveClawperatorBin(this.env),
      operatorPackage: request.operatorPackage ?? this.#config.operatorPackage ?? DEFAULT_OPERATOR_PACKAGE,
      ...(catalog.registry ? { registryPath: catalog.registry.path } : {}),
      ...(this.skillsConfig.maxOutputBytes ? { maxOutputBytes: this.skillsConfig.maxOutputBytes } : {}),
    });
  }

  async installDependency(request: SkillDependencyRequest): Promise<SkillDependencyOutcome> {
    const outcome = await (await import("../deps/install-dependency.js")).installDependency(this, request, {
      ...(this.#deps.events ? { events: this.#deps.events } : {}),
    });
    await this.invalidate(`dependency of ${request.name} installed`);
    return outcome;
  }

  async updateEntry(update: SkillEntryUpdate): Promise<SkillConfigWrite> {
    const written = await (await import("../config/update-config.js")).updateEntry(this.#config, update);
    await this.invalidate(`skills.entries.${update.skillKey} updated`, true);
    return written;
  }

  async updateAllowlist(update: SkillAllowlistUpdate): Promise<SkillConfigWrite> {
    const written = await (await import("../config/update-config.js")).updateAllowlist(this.#config, update);
    await this.invalidate(`agent ${update.agentId}'s skills updated`, true);
    return written;
  }

  async remove(name: string): Promise<SkillRemoval> {
    const removed = await (await import("../manage/remove-skill.js")).removeSkill(this, name);
    await this.invalidate(`${name} removed`);
    return removed;
  }

  async install(request: SkillInstallRequest): Promise<SkillInstallOutcome> {
    const installed = await (await import("../manage/install-skill.js")).installSkill(this, request);
    await this.invalidate(`${installed.name} installed`);
    return installed;
  }

  async update(
    name: string,
    options: { ref?: string; onProgress?: (line: string) => void } = {},
  ): Promise<SkillInstallOutcome> {
    const updated = await (await import("../manage/install-skill.js")).updateSkill(this, name, options);
    await this.invalidate(`${updated.name} updated`);
    return updated;
  }

  async watch(): Promise<void> {
    if (this.skillsConfig.load?.watch === false) return;
    this.#watcher ??= import("../watch/skills-watcher.js").then(({ watchSkills }) => {
      this.#cacheCatalog = true;
      this.#built = undefined;
      return watchSkills(this);
    });
    await this.#watcher;
  }

  /** Stops the watcher (the host is closing). */
  async close(): Promise<void> {
    const watcher = this.#watcher;
    this.#watcher = undefined;
    this.#cacheCatalog = false;
    const running = await watcher;
    running?.close();
  }
}

/** A record's SKILL.md body with `{baseDir}` replaced by its folder (what an agent reads). */
export function instructionsOf(record: SkillRecord): SkillInstructions {
  const frontmatter = frontmatterOf(record);
  const baseDir = record.origin.dir;
  return {
    name: record.entry.id,
    filePath: skillFileOf(record),
    baseDir,
    instructions: frontmatter.body.replaceAll("{baseDir}", baseDir),
  };
}

/** How a user without skills gets some, offline first. */
const HOW_TO_ADD_SKILLS =
  "`clawperator skills new <id> --out ./skills` writes one of your own (or record a flow: `record start`, then " +
  "`skills new <id> --from-recording`); AgentSkills folders in ./skills, ./.agents/skills or ~/.agents/skills are " +
  "read as they are; `clawperator skills install` clones the public registry (needs the network), `--repo " +
  "<dir|url>` another.";

/** A list or search answer: the skills, the registry read, and what to do when there is none yet. */
function listing(skills: RegistrySkill[], catalog: Catalog): SkillList {
  return {
    skills,
    count: skills.length,
    ...(catalog.registry && catalog.shadowedRegistries.length
      ? { registry: catalog.registry.path, shadowedRegistries: catalog.shadowedRegistries }
      : {}),
    ...(catalog.registry ? {} : { registry: null }),
    ...(catalog.missingRegistry
      ? { hint: `No skills registry in ${catalog.missingRegistry.searched.join(", ")}. ${HOW_TO_ADD_SKILLS}` }
      : {}),
  };
}
