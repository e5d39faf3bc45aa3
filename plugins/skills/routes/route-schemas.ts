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

const agent = z
  .string()
  .min(1)
  .optional()
  .describe("Agent id of agents.list[] whose skills allowlist applies (also the X-Clawperator-Agent header)");
const all = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .describe("true: every skill, those the agent may not use included");

/**
 * `GET /skills?app=&intent=&keyword=` (docs/http-api.md#routes): all filters optional; none lists every skill the agent
 * may use.
 */
export const ListQuerySchema = z.strictObject({
  app: z.string().min(1).optional(),
  intent: z.string().min(1).optional(),
  keyword: z.string().min(1).optional(),
  agent,
  all,
});

export const AgentQuerySchema = z.strictObject({ agent });
export const StatusQuerySchema = z.strictObject({
  agent,
  deviceId: z.string().min(1).optional().describe("Check the skills' Android packages on this device"),
});
export const GetQuerySchema = z.strictObject({ agent, all });

export const SkillParamsSchema = z.strictObject({ skillId: z.string().min(1) });
export const SkillKeyParamsSchema = z.strictObject({ skillKey: z.string().min(1) });
export const AgentParamsSchema = z.strictObject({ agentId: z.string().min(1) });

/**
 * `POST /skills/:skillId/run` (docs/http-api.md#routes): both fields optional; the rest are this runtime's additions.
 */
export const RunBodySchema = z.strictObject({
  deviceId: z.string().min(1).optional(),
  args: z.array(z.string()).max(256).optional(),
  operatorPackage: z.string().min(1).optional(),
  timeoutMs: z.number().int().min(1).max(3_600_000).optional(),
  expectContains: z.string().min(1).optional(),
  agent: z.string().min(1).optional().describe("The agent it runs for (its allowlist applies)"),
});
export type RunBody = z.infer<typeof RunBodySchema>;

export const InstallDepsBodySchema = z.strictObject({
  installId: z.string().min(1).optional().describe("An id of the skill's installOptions; default the preferred one"),
  timeoutMs: z.number().int().min(1_000).max(900_000).optional().describe("Time limit (default 300000)"),
});

export const EntryBodySchema = z.strictObject({
  enabled: z.boolean().optional(),
  apiKey: z.string().max(8_192).optional().describe('The primaryEnv value; "" removes it. Never echoed back'),
  env: z
    .record(z.string().min(1).max(256), z.string().max(8_192))
    .optional()
    .describe('Variables for the skill\'s child processes; a "" value removes that name'),
  ifHash: z.string().optional().describe("The config.hash the edit was made on (GET /skills/status)"),
});

export const AllowlistBodySchema = z.strictObject({
  skills: z
    .array(z.string().min(1))
    .max(10_000)
    .nullable()
    .describe("The allowlist; [] for none, null for every skill"),
  ifHash: z.string().optional().describe("The config.hash the edit was made on (GET /skills/status)"),
});

const names = z.array(z.string().min(1)).max(10_000);
export const AllowlistChangeBodySchema = z
  .strictObject({
    add: names.optional().describe("Skills the agent may use from now on"),
    remove: names
      .optional()
      .describe("Skills it may no longer use; from every skill (no list), the list of all the others is written"),
    ifHash: z.string().optional().describe("The config.hash the edit was made on (GET /skills/status)"),
  })
  .refine((body) => body.add !== undefined || body.remove !== undefined, { message: "give add or remove" });

export const InstallBodySchema = z.strictObject({
  source: z.string().min(1).describe("A skill folder on the server host, or a git URL"),
  ref: z.string().min(1).optional(),
  force: z.boolean().optional().describe("Replace a managed skill of the same name"),
});

export const UpdateBodySchema = z.strictObject({ ref: z.string().min(1).optional() });

const requirements = z.looseObject({
  bins: z.array(z.string()),
  anyBins: z.array(z.string()),
  env: z.array(z.string()),
  config: z.array(z.string()),
  os: z.array(z.string()),
  packages: z.array(z.string()),
});
const installOption = z.object({ id: z.string(), kind: z.string(), label: z.string(), bins: z.array(z.string()) });
const setupOption = installOption.extend({
  runs: z
    .object({
      command: z.array(z.string()).optional(),
      env: z.record(z.string(), z.string()).optional(),
      url: z.string().optional(),
      sha256: z.string().optional(),
      targetDir: z.string().optional(),
    })
    .optional()
    .describe("What choosing it runs: the command (argv) and its variables, or the download and where it goes"),
});
const status = z.looseObject({
  name: z.string(),
  description: z.string(),
  skillKey: z.string(),
  source: z.enum(["extra", "bundled", "managed", "personal", "project", "workspace"]),
  filePath: z.string(),
  eligible: z.boolean(),
  disabled: z.boolean(),
  blockedByAllowlist: z.boolean(),
  blockedByAgentFilter: z.boolean(),
  modelVisible: z.boolean(),
  userInvocable: z.boolean(),
  commandVisible: z.boolean(),
  emoji: z.string().optional(),
  homepage: z.string().optional(),
  primaryEnv: z.string().optional(),
  missing: requirements,
  configChecks: z.array(z.object({ path: z.string(), satisfied: z.boolean() })),
  install: z.array(installOption),
  installOptions: z.array(setupOption),
  installWarning: z.string().optional().describe("Why to read the install recipe before running it"),
  readiness: z.enum(["ready", "needs-setup", "unsupported", "disabled", "blocked", "invalid"]),
  configured: z.looseObject({ apiKey: z.boolean(), env: z.array(z.string()) }),
  removable: z.boolean(),
  notRemovable: z.string().optional().describe("Why `skills remove` refuses it, when it does"),
});
const configWrite = z.looseObject({ ok: z.literal(true), path: z.string(), hash: z.string(), mode: z.string() });

export const listSchemas: RouteSchemas = {
  query: ListQuerySchema,
  response: z.object({ ok: z.literal(true), skills: z.array(skill), count: z.number().int() }),
};

export const getSchemas: RouteSchemas = {
  params: SkillParamsSchema,
  query: GetQuerySchema,
  response: z.object({
    ok: z.literal(true),
    skill,
    filePath: z.string(),
    baseDir: z.string(),
    instructions: z.string().describe("SKILL.md's body, {baseDir} replaced by the skill's folder"),
  }),
};

export const statusSchemas: RouteSchemas = {
  query: StatusQuerySchema,
  response: z.looseObject({
    ok: z.literal(true),
    agentId: z.string().optional(),
    agentSkillFilter: z.array(z.string()).nullable(),
    skills: z.array(status),
    agents: z.array(z.object({ id: z.string(), default: z.boolean(), skills: z.array(z.string()).nullable() })),
    config: z.looseObject({ path: z.string(), hash: z.string().nullable(), writable: z.boolean() }),
    version: z.number().int(),
    watching: z.boolean().describe("Whether this server watches the skills: a change applies at once"),
  }),
};

export const checkSchemas: RouteSchemas = {
  query: AgentQuerySchema,
  response: z.looseObject({ ok: z.literal(true), summary: z.record(z.string(), z.number().int()) }),
};

export const binsSchemas: RouteSchemas = {
  query: AgentQuerySchema,
  response: z.object({ ok: z.literal(true), bins: z.array(z.string()), agentId: z.string().optional() }),
};

export const promptSchemas: RouteSchemas = {
  query: AgentQuerySchema,
  response: z.object({
    ok: z.literal(true),
    agentId: z.string().optional(),
    prompt: z.string().describe("The skills prompt block: the XML list OpenClaw puts in the system prompt"),
    skills: z.array(z.string()),
    version: z.number().int(),
  }),
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

export const installDepsSchemas: RouteSchemas = {
  params: SkillParamsSchema,
  body: InstallDepsBodySchema,
  response: z.looseObject({
    ok: z.literal(true),
    name: z.string(),
    installId: z.string(),
    kind: z.string(),
    message: z.string(),
  }),
};

export const entrySchemas: RouteSchemas = {
  params: SkillKeyParamsSchema,
  body: EntryBodySchema,
  response: configWrite,
};
export const allowlistSchemas: RouteSchemas = {
  params: AgentParamsSchema,
  body: AllowlistBodySchema,
  response: configWrite,
};
export const allowlistChangeSchemas: RouteSchemas = {
  params: AgentParamsSchema,
  body: AllowlistChangeBodySchema,
  response: configWrite,
};

export const removeSchemas: RouteSchemas = {
  params: SkillParamsSchema,
  response: z.object({ ok: z.literal(true), name: z.string(), source: z.string(), removed: z.string() }),
};

const installed = z.looseObject({
  ok: z.literal(true),
  action: z.enum(["installed", "updated"]),
  name: z.string(),
  dir: z.string(),
});
export const installSchemas: RouteSchemas = { body: InstallBodySchema, response: installed };
export const updateSchemas: RouteSchemas = { params: SkillParamsSchema, body: UpdateBodySchema, response: installed };
