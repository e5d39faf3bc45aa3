import { defineHandler } from "h3";
import { GetQuerySchema, SkillParamsSchema } from "./route-schemas.ts";
import { paramsOf, queryOf, scopeOf, skillsOf } from "./route-services.ts";

/** GET /skills/:skillId: the registry entry and its instructions; SKILL_NOT_FOUND (404), SKILL_NOT_ELIGIBLE (409). */
export default defineHandler(async (event) => {
  const { skillId } = paramsOf(event, SkillParamsSchema);
  const scope = scopeOf(event, queryOf(event, GetQuerySchema));
  const skills = skillsOf(event);
  const skill = await skills.get(skillId, scope);
  const { filePath, baseDir, instructions } = await skills.instructions(skillId, scope);
  return { ok: true, skill, filePath, baseDir, instructions };
});
