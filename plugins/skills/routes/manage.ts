import { defineHandler } from "h3";
import { readJsonBody } from "../../../core/http/index.ts";
import {
  AgentParamsSchema,
  AllowlistBodySchema,
  AllowlistChangeBodySchema,
  EntryBodySchema,
  InstallBodySchema,
  InstallDepsBodySchema,
  SkillKeyParamsSchema,
  SkillParamsSchema,
  UpdateBodySchema,
} from "./route-schemas.ts";
import { paramsOf, skillsOf } from "./route-services.ts";

/** POST /skills/:skillId/install-deps: one of the skill's install options; progress on GET /events. */
export const installDeps = defineHandler(async (event) => {
  const { skillId } = paramsOf(event, SkillParamsSchema);
  const { installId, timeoutMs } = await readJsonBody(event, InstallDepsBodySchema);
  return skillsOf(event).installDependency({
    name: skillId,
    ...(installId ? { installId } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    signal: event.req.signal,
  });
});

/** PATCH /skills/entries/:skillKey: enabled, apiKey, env of skills.entries.<key> (never echoed back). */
export const entry = defineHandler(async (event) => {
  const { skillKey } = paramsOf(event, SkillKeyParamsSchema);
  const body = await readJsonBody(event, EntryBodySchema);
  return skillsOf(event).updateEntry({
    skillKey,
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    ...(body.apiKey !== undefined ? { apiKey: body.apiKey } : {}),
    ...(body.env ? { env: body.env } : {}),
    ...(body.ifHash ? { ifHash: body.ifHash } : {}),
  });
});

/** PUT /skills/agents/:agentId: an agent's skills allowlist (null: every skill). */
export const allowlist = defineHandler(async (event) => {
  const { agentId } = paramsOf(event, AgentParamsSchema);
  const { skills, ifHash } = await readJsonBody(event, AllowlistBodySchema);
  return skillsOf(event).updateAllowlist({ agentId, skills, ...(ifHash ? { ifHash } : {}) });
});

/** PATCH /skills/agents/:agentId: skills added to or removed from an agent's allowlist. */
export const allowlistChange = defineHandler(async (event) => {
  const { agentId } = paramsOf(event, AgentParamsSchema);
  const { add, remove, ifHash } = await readJsonBody(event, AllowlistChangeBodySchema);
  return skillsOf(event).updateAllowlist({
    agentId,
    ...(add ? { add } : {}),
    ...(remove ? { remove } : {}),
    ...(ifHash ? { ifHash } : {}),
  });
});

/** DELETE /skills/:skillId: a managed or workspace skill's folder. */
export const remove = defineHandler(async (event) =>
  skillsOf(event).remove(paramsOf(event, SkillParamsSchema).skillId),
);

/** POST /skills/install: a skill folder (on the server host) or git URL into the managed folder. */
export const install = defineHandler(async (event) => {
  const { source, ref, force } = await readJsonBody(event, InstallBodySchema);
  return skillsOf(event).install({ source, ...(ref ? { ref } : {}), ...(force ? { force } : {}) });
});

/** POST /skills/:skillId/update: a managed skill installed from a source, installed again from it. */
export const update = defineHandler(async (event) => {
  const { skillId } = paramsOf(event, SkillParamsSchema);
  const { ref } = await readJsonBody(event, UpdateBodySchema);
  return skillsOf(event).update(skillId, ref ? { ref } : {});
});
