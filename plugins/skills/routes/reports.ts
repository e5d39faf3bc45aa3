import { defineHandler } from "h3";
import { AgentQuerySchema, StatusQuerySchema } from "./route-schemas.ts";
import { queryOf, scopeOf, skillsOf } from "./route-services.ts";

/** GET /skills/status: every skill's status (OpenClaw's fields), the agents, the config file's hash. */
export const status = defineHandler(async (event) => {
  const query = queryOf(event, StatusQuerySchema);
  const report = await skillsOf(event).status({
    ...scopeOf(event, query),
    ...(query.deviceId ? { deviceId: query.deviceId } : {}),
  });
  return { ok: true, ...report };
});

/** GET /skills/check: OpenClaw's `skills check` report. */
export const check = defineHandler(async (event) => ({
  ok: true,
  ...(await skillsOf(event).check(scopeOf(event, queryOf(event, AgentQuerySchema)))),
}));

/** GET /skills/bins: the programs the skills need (OpenClaw's skills.bins). */
export const bins = defineHandler(async (event) => ({
  ok: true,
  ...(await skillsOf(event).bins(scopeOf(event, queryOf(event, AgentQuerySchema)))),
}));

/** GET /skills/prompt: the agent's skills prompt block. */
export const prompt = defineHandler(async (event) => ({
  ok: true,
  ...(await skillsOf(event).prompt(scopeOf(event, queryOf(event, AgentQuerySchema)))),
}));
