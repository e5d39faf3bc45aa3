import type { CommandRunContext } from "../../../core/kernel/contributions.ts";
import { SkillSourceRegistry } from "../../../core/kernel/registries.ts";
import { Transport } from "../../../core/services/transport.ts";
import { SkillsRuntime } from "../service/skills-service.ts";

/** The skills runtime for one command, over the kernel's config, contributed sources and transport. */
export function skillsRuntime(ctx: Pick<CommandRunContext, "services" | "config" | "logger">): SkillsRuntime {
  return new SkillsRuntime({
    config: ctx.config,
    sources: ctx.services.resolve(SkillSourceRegistry),
    transport: () => ctx.services.resolve(Transport),
    logger: ctx.logger,
  });
}
