import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler, CommandRunContext } from "../../../core/kernel/contributions.ts";
import type { repoArgs } from "../command-args.ts";
import { managedSkillsDir } from "../registry/registry-path.ts";
import { installSkills, syncSkills, updateSkills, type RepoResult } from "../repo/skills-repo.ts";
import { DEFAULT_SKILLS_REPO, type SkillsConfig } from "../skills-config.ts";

/**
 * `skills install | update | sync`: git through execa into the managed clone. The repository is --repo, else
 * CLAWPERATOR_SKILLS_REPO, else config `skills.repo`, else the public one; git's progress shows in pretty mode.
 */
export function repoCommand(action: "install" | "update" | "sync"): CommandHandler<typeof repoArgs> {
  return {
    async run(ctx: CommandRunContext<typeof repoArgs>) {
      const cfg = (ctx.config.skills ?? {}) as SkillsConfig;
      const ref = ctx.args.ref || (action === "sync" ? undefined : cfg.ref);
      if (action === "sync" && !ref) throw new ClawperatorError("USAGE", "skills sync --ref <git-ref>");
      const url = ctx.args.repo || process.env.CLAWPERATOR_SKILLS_REPO || cfg.repo || DEFAULT_SKILLS_REPO;
      const options = {
        dir: managedSkillsDir(cfg.dir),
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
    },
    pretty(result) {
      const r = result as RepoResult;
      return (
        `skills ${r.action} at ${r.commit.slice(0, 12)} (${r.ref}) in ${r.dir}\nregistry: ${r.registryPath}\n` +
        `add to your shell profile:\n  ${r.export}`
      );
    },
  };
}
