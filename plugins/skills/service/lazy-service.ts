import type { SkillsService } from "../../../core/services/skills.ts";
import type { LocalSkills, SkillsServiceDeps } from "./skills-service.ts";

type Methods = { [K in keyof SkillsService]: SkillsService[K] };

/**
 * The Skills service as registered at boot: a shell whose first call imports the skills code, so booting the CLI
 * (every command, `--help`) never loads the skills code. One LocalSkills per kernel: in a long-lived host it starts its
 * watcher on first use, so the snapshot it keeps is rebuilt when skills or the config change.
 */
export function lazySkillsService(
  deps: SkillsServiceDeps,
): SkillsService & { local(): Promise<LocalSkills>; dispose(): Promise<void> } {
  let loaded: Promise<LocalSkills> | undefined;
  const load = () =>
    (loaded ??= import("./skills-service.js").then(async (m) => {
      const created = new m.LocalSkills(deps);
      // A long-lived host (serve, mcp, createClawperator, the OpenClaw plugin) keeps a watched snapshot.
      if (deps.longLived?.())
        await created.watch().catch((error: unknown) => deps.logger.warn(`skills: not watching: ${String(error)}`));
      return created;
    }));
  const call = <K extends keyof Methods>(name: K): Methods[K] =>
    (async (...args: unknown[]) => ((await load())[name] as (...a: unknown[]) => unknown)(...args)) as Methods[K];
  return {
    local: load,
    // The kernel disposes what its services built: the watcher stops with the host.
    dispose: async () => {
      if (loaded) await (await loaded).close();
    },
    list: call("list"),
    search: call("search"),
    get: call("get"),
    instructions: call("instructions"),
    run: call("run"),
    status: call("status"),
    check: call("check"),
    bins: call("bins"),
    prompt: call("prompt"),
    installDependency: call("installDependency"),
    updateEntry: call("updateEntry"),
    updateAllowlist: call("updateAllowlist"),
    remove: call("remove"),
    install: call("install"),
    update: call("update"),
    watch: call("watch"),
  };
}
