import { defineHandler } from "h3";
import { ListQuerySchema } from "./route-schemas.ts";
import { badRequest, skillsOf } from "./route-services.ts";

/** GET /skills: every skill, or those matching ?app= / ?intent= / ?keyword= (spec/000 ranking). */
export default defineHandler(async (event) => {
  const query = ListQuerySchema.safeParse(Object.fromEntries(event.url.searchParams));
  if (!query.success) throw badRequest("query", query.error.issues);
  const skills = skillsOf(event);
  const { app, intent, keyword } = query.data;
  const result = app || intent || keyword ? await skills.search(query.data) : await skills.list();
  return { ok: true, ...result };
});
