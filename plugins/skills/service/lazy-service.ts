import type { SkillsService } from "../../../core/services/skills.ts";
import type { SkillsRuntime, SkillsServiceDeps } from "./skills-service.ts";

/**
 * The Skills service as registered at boot: a shell whose first call imports the runtime, so booting the CLI
 * (every command, `--help`) never loads the skills code.
 */
export function lazySkillsService(deps: SkillsServiceDeps): SkillsService {
  let runtime: Promise<SkillsRuntime> | undefined;
  const load = () => (runtime ??= import("./skills-service.js").then((m) => new m.SkillsRuntime(deps)));
  return {
    list: async () => (await load()).list(),
    search: async (query) => (await load()).search(query),
    get: async (skillId) => (await load()).get(skillId),
    run: async (request) => (await load()).run(request),
    status: async (options) => (await load()).status(options),
  };
}
