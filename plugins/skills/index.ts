import { definePlugin } from "../../core/kernel/index.ts";
import { SkillSourceRegistry } from "../../core/kernel/registries.ts";
import { ConfigSource } from "../../core/services/config-source.ts";
import { EventBus } from "../../core/services/event-bus.ts";
import { HostInfo } from "../../core/services/host-info.ts";
import { Skills } from "../../core/services/skills.ts";
import { Transport } from "../../core/services/transport.ts";
import { SKILLS_COMMANDS } from "./command-manifest.ts";
import { SKILLS_ROUTES } from "./route-manifest.ts";
import { lazySkillsService } from "./service/lazy-service.ts";

/**
 * Skills: the skills-registry.json (docs/skills-registry.md) merged with AgentSkills folders from the six sources
 * (extra and plugin dirs, bundled, managed, personal, project, workspace), OpenClaw's gating, per-agent allowlists,
 * the prompt block, a watched snapshot in long-lived hosts, and the skills API (status, bins, dependency installs,
 * config entries, allowlists, remove, install) as commands and HTTP routes. Other front ends use the `Skills`
 * service; skill folders come from any plugin's `ctx.skills.add`.
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
          events: () => (services.isRegistered(EventBus) ? services.resolve(EventBus) : undefined),
          reloadConfig: async () => {
            if (!services.isRegistered(ConfigSource)) return ctx.config;
            return services.resolve(ConfigSource).reload();
          },
          longLived: () => services.isRegistered(HostInfo) && services.resolve(HostInfo).longLived,
          logger: ctx.logger,
        }),
    });
    ctx.commands.group({ path: ["skills"], description: "Discover, check, set up, install and run skills" });
    for (const command of SKILLS_COMMANDS) ctx.commands.add(command);
    for (const route of SKILLS_ROUTES) ctx.routes.add(route);
  },
});
