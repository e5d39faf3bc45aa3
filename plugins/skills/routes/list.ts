import { defineHandler } from "h3";
import { ListQuerySchema } from "./route-schemas.ts";
import { queryOf, scopeOf, skillsOf } from "./route-services.ts";

/**
 * GET /skills: the skills the agent may use, or those matching ?app= / ?intent= / ?keyword=
 * (docs/skills-registry.md#skills-search).
 */
export default defineHandler(async (event) => {
  const { app, intent, keyword, ...rest } = queryOf(event, ListQuerySchema);
  const skills = skillsOf(event);
  const scope = scopeOf(event, rest);
  const query = { ...(app ? { app } : {}), ...(intent ? { intent } : {}), ...(keyword ? { keyword } : {}) };
  const result = app || intent || keyword ? await skills.search(query, scope) : await skills.list(scope);
  return { ok: true, ...result };
});
