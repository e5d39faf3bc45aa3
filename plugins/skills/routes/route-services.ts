import type { H3Event } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { Skills, type SkillsService } from "../../../core/services/skills.ts";

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
