import type { H3Event } from "h3";
import { getRouterParams } from "h3";
import type { z } from "zod";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { Skills, type SkillScope, type SkillsService } from "../../../core/services/skills.ts";

/** The Skills service of the kernel serving this request (serve puts the kernel's services on the event). */
export function skillsOf(event: H3Event): SkillsService {
  const services = event.context.clawperator?.services;
  if (!services) throw new ClawperatorError("INTERNAL_ERROR", "skills routes need the serve plugin's request context");
  return services.resolve(Skills);
}

/** zod issues as one USAGE error naming the first bad field. */
export function badRequest(
  where: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ClawperatorError {
  const first = issues[0]!;
  const path = first.path.map(String).join(".") || where;
  return new ClawperatorError("USAGE", `${where}: ${path}: ${first.message}`, {
    details: { issues: issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })) },
  });
}

export function queryOf<S extends z.ZodType>(event: H3Event, schema: S): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(event.url.searchParams));
  if (!parsed.success) throw badRequest("query", parsed.error.issues);
  return parsed.data;
}

export function paramsOf<S extends z.ZodType>(event: H3Event, schema: S): z.output<S> {
  const parsed = schema.safeParse(getRouterParams(event, { decode: true }));
  if (!parsed.success) throw badRequest("path", parsed.error.issues);
  return parsed.data;
}

/** The agent a request speaks for: `?agent=`, else the X-Clawperator-Agent header; `all` from `?all=true`. */
export function scopeOf(event: H3Event, query: { agent?: string | undefined; all?: string | undefined }): SkillScope {
  const agent = query.agent ?? event.req.headers.get("x-clawperator-agent") ?? undefined;
  return {
    ...(agent ? { agentId: agent } : {}),
    ...(query.all === "true" || query.all === "1" ? { all: true } : {}),
  };
}
