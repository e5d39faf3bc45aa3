import { defineHandler, getRouterParams } from "h3";
import { SkillParamsSchema } from "./route-schemas.ts";
import { badRequest, skillsOf } from "./route-services.ts";

/** GET /skills/:skillId: the registry entry; SKILL_NOT_FOUND (404) otherwise. */
export default defineHandler(async (event) => {
  const params = SkillParamsSchema.safeParse(getRouterParams(event, { decode: true }));
  if (!params.success) throw badRequest("path", params.error.issues);
  return { ok: true, skill: await skillsOf(event).get(params.data.skillId) };
});
