import { dirname } from "node:path";
import type { Execution } from "../../../core/contracts/execution.ts";
import { findOnPath } from "../../../core/host/executables.ts";
import type { SkillSourceContribution } from "../../../core/kernel/contributions.ts";
import type { ContributionList } from "../../../core/kernel/registries.ts";
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
import { managedSkillsDir, registryCloneDir } from "../registry/registry-path.ts";
import { searchSkills } from "../registry/search.ts";
import type { SkillsConfig } from "../skills-config.ts";
import type { Catalog, SkillRecord } from "../sources/catalog.ts";
import { byEnglish } from "../sources/scan-folders.ts";
import type { SourceDir } from "../sources/source-dirs.ts";
import { installPreferences } from "../status/install-options.ts";
import { judge, type StatusContext, skillStatus, statusesOf } from "../status/skill-status.ts";
import type { SkillInputs } from "../usage/skill-inputs.ts";
import type { SkillValidation, validateAll } from "../validate/validate-skill.ts";
import { configFileOf } from "./config-file.ts";
import { gatingDevice } from "./device-packages.ts";
import { instructionsOf, listing, modelVisible, skillNotFound } from "./listing.ts";
import { type CatalogPlaces, loadLocalCatalog, localSourceDirs, migrateClone } from "./local-catalog.ts";
import { notEligible } from "./not-eligible.ts";
import { checkReport, collectBins, promptOf } from "./reports.ts";

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

/** What every view of one catalog shares: the statuses of each agent, built once per catalog. */
interface Built {
  catalog: Catalog;
  statuses?: Map<string, SkillStatus[]>;
}

/** The skills service over this machine's folders and config: the catalog (registry + folder sources), gating, status, prompt, validation, compile and run. */
export class LocalSkills implements SkillsService {
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

  /** The transport devices are asked through (created on first use). */
  get transport(): () => Transport {
    return this.#deps.transport;
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

  get #places(): CatalogPlaces {
    return {
      skillsConfig: this.skillsConfig,
      env: this.env,
      cwd: this.cwd,
      configDir: this.configDir,
      managedDir: this.managedDir,
      cloneDir: this.cloneDir,
      sources: this.#deps.sources,
      logger: this.#deps.logger,
    };
  }

  /** Moves a registry clone the reference runtime left in the managed folder to its own place (once). */
  migrate(): void {
    migrateClone(this.#places);
  }

  /** The folders skills are read from, lowest tier first (what a watcher watches, whatever the catalog holds). */
  sourceDirs(): SourceDir[] {
    return localSourceDirs(this.#places);
  }

  #current(): Built {
    if (this.#built) return this.#built;
    const built: Built = { catalog: loadLocalCatalog(this.#places) };
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

  /** Increases with every change a long-lived host's watcher (or an edit through this service) saw. */
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
    if (!record) throw skillNotFound(skillId, catalog);
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

  /** Every skill's status for `scope`'s agent (kept per agent while a watcher runs). */
  statuses(
    scope: SkillScope = {},
    device?: StatusContext["device"],
  ): { ctx: ReturnType<LocalSkills["context"]>; skills: SkillStatus[] } {
    const built = this.#current();
    const ctx = this.context(scope, device);
    const key = device ? undefined : `${ctx.agentId ?? ""}\n${[...(ctx.agentFilter ?? ["*"])].join("\n")}`;
    const cached = key === undefined ? undefined : built.statuses?.get(key);
    if (cached) return { ctx, skills: cached };
    const skills = statusesOf(built.catalog, ctx);
    if (key !== undefined && this.#cacheCatalog) {
      built.statuses ??= new Map();
      built.statuses.set(key, skills);
    }
    return { ctx, skills };
  }

  /** The names the agent may use (eligible, allowed, visible to the model), or every skill with `all`. */
  #visible(scope: SkillScope): ((entry: RegistrySkill) => boolean) | undefined {
    return scope.all ? undefined : modelVisible(this.context(scope), this.#current().catalog);
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

  async validateAll(options: { dryRun?: boolean } = {}): ReturnType<typeof validateAll> {
    const records = this.catalog().records();
    return (await import("../validate/validate-skill.js")).validateAll(records, options);
  }

  async compile(skillId: string, artifact: string, vars: string | undefined): Promise<Execution> {
    const record = this.record(skillId);
    return (await import("../compile/compile-artifact.js")).compileArtifact(record, artifact, vars);
  }

  /** What status and check reports begin with: whose view it is and where its skills live. */
  #head(ctx: ReturnType<LocalSkills["context"]>) {
    return {
      ...(ctx.agentId ? { agentId: ctx.agentId } : {}),
      agentSkillFilter: ctx.agentFilter ? [...ctx.agentFilter] : null,
      workspaceDir: this.cwd,
      managedSkillsDir: this.managedDir,
    };
  }

  async status(options: SkillScope & { deviceId?: string } = {}): Promise<SkillStatusReport> {
    const device = await gatingDevice(this.transport, options.deviceId);
    const { ctx, skills } = this.statuses(options, device);
    const eligible = skills.filter((s) => s.eligible).length;
    return {
      ...this.#head(ctx),
      skills,
      count: skills.length,
      eligible,
      blocked: skills.length - eligible,
      ...(device ? { deviceId: device.id } : {}),
      agents: agentsOf(this.#config.agents),
      config: configFileOf(this.#config),
      version: this.version,
      watching: this.#cacheCatalog,
    };
  }

  async check(scope: SkillScope = {}): Promise<SkillCheckReport> {
    const { ctx, skills } = this.statuses(scope);
    return checkReport(skills, this.#head(ctx));
  }

  async bins(scope: SkillScope = {}): Promise<{ bins: string[]; agentId?: string }> {
    const { ctx, skills } = this.statuses(scope);
    const catalog = this.catalog();
    // Without an agent: every skill; with one, the skills its allowlist lets it use.
    const wanted = skills
      .filter((s) => !s.invalid && (scope.agentId === undefined || !s.blockedByAgentFilter))
      .flatMap((s) => catalog.find(s.name) ?? []);
    return {
      bins: collectBins(wanted),
      ...(scope.agentId !== undefined && ctx.agentId ? { agentId: ctx.agentId } : {}),
    };
  }

  async prompt(scope: SkillScope = {}): Promise<SkillPrompt> {
    const { ctx, skills } = this.statuses(scope);
    return { ...(ctx.agentId ? { agentId: ctx.agentId } : {}), ...promptOf(skills), version: this.version };
  }

  async run(given: SkillRunRequest): Promise<SkillRunOutcome> {
    return (await import("../run/run-local-skill.js")).runLocalSkill(this, given);
  }

  /** A change made through this service, then announced: the next call reads what it changed. */
  async #changed<T>(work: Promise<T>, reason: (done: T) => string, reloadConfig = false): Promise<T> {
    const done = await work;
    await this.invalidate(reason(done), reloadConfig);
    return done;
  }

  async installDependency(request: SkillDependencyRequest): Promise<SkillDependencyOutcome> {
    const { installDependency } = await import("../deps/install-dependency.js");
    const events = this.#deps.events ? { events: this.#deps.events } : {};
    return this.#changed(installDependency(this, request, events), () => `dependency of ${request.name} installed`);
  }

  async updateEntry(update: SkillEntryUpdate): Promise<SkillConfigWrite> {
    const { updateEntry } = await import("../config/update-config.js");
    return this.#changed(updateEntry(this.#config, update), () => `skills.entries.${update.skillKey} updated`, true);
  }

  async updateAllowlist(update: SkillAllowlistUpdate): Promise<SkillConfigWrite> {
    // "Every skill", made a list: the names of every skill whose SKILL.md can be read.
    const everySkill = () =>
      this.catalog()
        .records()
        .map((r) => r.entry.id)
        .sort(byEnglish);
    const { updateAllowlist } = await import("../config/update-config.js");
    const written = updateAllowlist(this.#config, update, everySkill);
    return this.#changed(written, () => `agent ${update.agentId}'s skills updated`, true);
  }

  async remove(name: string): Promise<SkillRemoval> {
    const { removeSkill } = await import("../manage/remove-skill.js");
    return this.#changed(removeSkill(this, name), () => `${name} removed`);
  }

  async install(request: SkillInstallRequest): Promise<SkillInstallOutcome> {
    const { installSkill } = await import("../manage/install-skill.js");
    return this.#changed(installSkill(this, request), (done) => `${done.name} installed`);
  }

  async update(
    name: string,
    options: { ref?: string; onProgress?: (line: string) => void } = {},
  ): Promise<SkillInstallOutcome> {
    const { updateSkill } = await import("../manage/install-skill.js");
    return this.#changed(updateSkill(this, name, options), (done) => `${done.name} updated`);
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
