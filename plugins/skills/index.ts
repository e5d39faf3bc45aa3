import { definePlugin } from "../../core/kernel/index.ts";
import { SkillSourceRegistry } from "../../core/kernel/registries.ts";
import { Skills } from "../../core/services/skills.ts";
import { Transport } from "../../core/services/transport.ts";
import { SKILLS_COMMANDS } from "./command-manifest.ts";
import { SKILLS_ROUTES } from "./route-manifest.ts";
import { lazySkillsService } from "./service/lazy-service.ts";

/**
 * Skills: the skills-registry.json of spec/000 merged with AgentSkills folders from every source (spec/002,
 * spec/004: extra and plugin dirs, bundled, managed, workspace), their gating, and the `skills` commands and
 * HTTP routes. Other front ends use the `Skills` service; skill folders come from any plugin's `ctx.skills.add`.
 */
export default definePlugin({
  name: "skills",
  setup(ctx) {
    ctx.services.register(Skills, {
      useFactory: (services) =>
        lazySkillsService({
          config: ctx.config,
          sources: services.resolve(SkillSourceRegistry),
          transport: () => services.resolve(Transport),
          logger: ctx.logger,
        }),
    });
    ctx.commands.group({ path: ["skills"], description: "Discover, validate, compile, run and install skills" });
    for (const command of SKILLS_COMMANDS) ctx.commands.add(command);
    for (const route of SKILLS_ROUTES) ctx.routes.add(route);
  },
});
