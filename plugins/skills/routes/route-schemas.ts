import { z } from "zod";
import type { RouteSchemas } from "../../../core/kernel/contributions.ts";

const skill = z.looseObject({
  id: z.string(),
  applicationId: z.string(),
  intent: z.string(),
  summary: z.string(),
  path: z.string(),
  skillFile: z.string(),
  scripts: z.array(z.string()),
  artifacts: z.array(z.string()),
});

/** `GET /skills?app=&intent=&keyword=` (spec/001): all filters optional; none lists every skill. */
export const ListQuerySchema = z.strictObject({
  app: z.string().min(1).optional(),
  intent: z.string().min(1).optional(),
  keyword: z.string().min(1).optional(),
});

export const SkillParamsSchema = z.strictObject({ skillId: z.string().min(1) });

/** `POST /skills/:skillId/run` (spec/001): both fields optional; the rest are this runtime's additions. */
export const RunBodySchema = z.strictObject({
  deviceId: z.string().min(1).optional(),
  args: z.array(z.string()).max(256).optional(),
  operatorPackage: z.string().min(1).optional(),
  timeoutMs: z.number().int().min(1).max(3_600_000).optional(),
  expectContains: z.string().min(1).optional(),
});
export type RunBody = z.infer<typeof RunBodySchema>;

export const listSchemas: RouteSchemas = {
  query: ListQuerySchema,
  response: z.object({ ok: z.literal(true), skills: z.array(skill), count: z.number().int() }),
};

export const getSchemas: RouteSchemas = {
  params: SkillParamsSchema,
  response: z.object({ ok: z.literal(true), skill }),
};

export const runSchemas: RouteSchemas = {
  params: SkillParamsSchema,
  body: RunBodySchema,
  response: z.looseObject({
    ok: z.union([z.literal(true), z.null()]),
    status: z.enum(["success", "indeterminate"]),
    skillId: z.string(),
    output: z.string(),
    exitCode: z.number().int(),
    durationMs: z.number(),
    skillResult: z.unknown(),
  }),
};
