import type { CommandRunContext } from "../../../core/kernel/contributions.ts";
import { SkillSourceRegistry } from "../../../core/kernel/registries.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { Skills } from "../../../core/services/skills.ts";
import { Transport } from "../../../core/services/transport.ts";
import { LocalSkills } from "../service/skills-service.ts";

type Ctx = Pick<CommandRunContext, "services" | "config" | "logger">;

/**
 * The skills service a command works on: the kernel's own (so a long-lived host's watched snapshot serves its
 * commands too), else one over the kernel's config, contributed sources and transport.
 */
export async function localSkills(ctx: Ctx): Promise<LocalSkills> {
  if (ctx.services.isRegistered(Skills)) {
    const service = ctx.services.resolve(Skills) as { local?: () => Promise<LocalSkills> };
    if (service.local) return service.local();
  }
  return new LocalSkills({
    config: ctx.config,
    sources: ctx.services.resolve(SkillSourceRegistry),
    transport: () => ctx.services.resolve(Transport),
    events: () => (ctx.services.isRegistered(EventBus) ? ctx.services.resolve(EventBus) : undefined),
    logger: ctx.logger,
  });
}

/** `--agent` and `--all` as a scope. */
export function scopeOf(args: { agent?: string; all?: boolean }) {
  return { ...(args.agent !== undefined ? { agentId: args.agent } : {}), ...(args.all ? { all: true } : {}) };
}

/** A comma-separated flag as a list. */
export const listFlag = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
