import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler, CommandRunContext } from "../../../core/kernel/contributions.ts";
import type { SkillInstallOutcome } from "../../../core/services/skills.ts";
import type { installArgs, repoArgs, syncArgs, updateArgs } from "../command-args.ts";
import { registryCloneDir } from "../registry/registry-path.ts";
import { installSkills, type RepoResult, syncSkills, updateSkills } from "../repo/skills-repo.ts";
import { DEFAULT_SKILLS_REPO, type SkillsConfig } from "../skills-config.ts";
import { skillsRuntime } from "./runtime.ts";

type RepoCtx = Omit<CommandRunContext<typeof repoArgs>, "args"> & {
  args: { repo?: string | undefined; ref?: string | undefined };
};

/**
 * The registry clone (spec/000 `skills install | update | sync`): git through execa into ~/.clawperator/registry
 * (config `skills.dir`). The repository is --repo, else CLAWPERATOR_SKILLS_REPO, else config `skills.repo`, else the
 * public one; git's progress shows in pretty mode.
 */
async function registry(ctx: RepoCtx, action: "install" | "update" | "sync"): Promise<RepoResult> {
  const cfg = (ctx.config.skills ?? {}) as SkillsConfig;
  const ref = ctx.args.ref || (action === "sync" ? undefined : cfg.ref);
  if (action === "sync" && !ref) throw new ClawperatorError("USAGE", "skills sync --ref <git-ref>");
  const url = ctx.args.repo || process.env.CLAWPERATOR_SKILLS_REPO || cfg.repo || DEFAULT_SKILLS_REPO;
  // The runtime moves a clone the reference runtime left in the managed folder first.
  (await skillsRuntime(ctx)).migrate();
  const options = {
    dir: registryCloneDir(cfg.dir),
    url,
    ...(ref ? { ref } : {}),
    ...(cfg.allowedRepoTransports ? { allowedTransports: cfg.allowedRepoTransports } : {}),
    ...(cfg.gitTimeoutMs ? { timeoutMs: cfg.gitTimeoutMs } : {}),
    ...(ctx.globals.output === "pretty" ? { onProgress: (line: string) => ctx.logger.progress(`  ${line}`) } : {}),
  };
  ctx.logger.progress(
    `${action === "install" ? "Installing" : action === "update" ? "Updating" : "Syncing"} skills from ` +
      `${url} into ${options.dir}`,
  );
  if (action === "install") return installSkills(options);
  if (action === "update") return updateSkills(options);
  return syncSkills({ ...options, ref: ref! });
}

const renderRepo = (r: RepoResult) =>
  `skills ${r.action} from ${r.url} at ${r.commit.slice(0, 12)} (${r.ref}) in ${r.dir}\nregistry: ${r.registryPath}` +
  (r.exportNeeded
    ? `\nCLAWPERATOR_SKILLS_REGISTRY points elsewhere: it is read instead of this clone. Unset it, or:\n  ${r.export}`
    : " (found without setting anything)");

const renderSkillInstall = (r: SkillInstallOutcome) =>
  `skill ${r.name} ${r.action} in ${r.dir} from ${r.source}${r.commit ? ` at ${r.commit.slice(0, 12)}` : ""}`;

const progress = (ctx: RepoCtx) =>
  ctx.globals.output === "pretty" ? { onProgress: (line: string) => ctx.logger.progress(`  ${line}`) } : {};

/** `skills install [<dir|git url>]`: a skill into the managed folder, or (no source) the registry clone. */
export const installCommand: CommandHandler<typeof installArgs> = {
  async run(ctx) {
    const { source, force, ref } = ctx.args;
    if (!source) return registry(ctx, "install");
    return (await skillsRuntime(ctx)).install({
      source,
      ...(ref ? { ref } : {}),
      ...(force ? { force: true } : {}),
      ...progress(ctx),
    });
  },
  pretty: (result) =>
    "registryPath" in (result as object)
      ? renderRepo(result as RepoResult)
      : renderSkillInstall(result as SkillInstallOutcome),
};

/** `skills update [<name>]`: a managed skill from its source, or (no name) the registry clone. */
export const updateCommand: CommandHandler<typeof updateArgs> = {
  async run(ctx) {
    const { name, ref } = ctx.args;
    if (!name) return registry(ctx, "update");
    return (await skillsRuntime(ctx)).update(name, { ...(ref ? { ref } : {}), ...progress(ctx) });
  },
  pretty: installCommand.pretty!,
};

export const syncCommand: CommandHandler<typeof syncArgs> = {
  run: (ctx) => registry(ctx, "sync"),
  pretty: (result) => renderRepo(result as RepoResult),
};
