import { z } from "zod";
import type { RouteSchemas } from "../../../core/kernel/contributions.ts";

/** The device and Operator a recording route talks to, and the session (start: its id; stop and pull: which one). */
export const RecordingBodySchema = z.strictObject({
  deviceId: z.string().min(1).optional(),
  receiverPackage: z.string().min(1).optional(),
  sessionId: z.string().optional(),
});

export const sessionSchemas: RouteSchemas = {
  body: RecordingBodySchema,
  response: z.looseObject({
    ok: z.boolean(),
    deviceId: z.string(),
    envelope: z.looseObject({
      stepResults: z.array(z.looseObject({ success: z.boolean(), data: z.record(z.string(), z.string()) })),
    }),
  }),
};

/** POST /skills/new: the skill's id, and the recording (on the device) to make it from. */
export const SkillsNewBodySchema = RecordingBodySchema.extend({ skillId: z.string().min(1) });

const StepSchema = z.looseObject({ seq: z.number(), type: z.enum(["open_app", "click"]), packageName: z.string() });

export const parseSchemas: RouteSchemas = {
  body: RecordingBodySchema,
  response: z.object({
    ok: z.literal(true),
    deviceId: z.string(),
    sessionId: z.string(),
    stepCount: z.number().int().nonnegative(),
    warnings: z.array(z.string()).optional(),
    stepLog: z
      .looseObject({ sessionId: z.string(), schemaVersion: z.number(), steps: z.array(StepSchema) })
      .describe("What `record parse` writes to <input>.steps.json"),
  }),
};

export const skillsNewSchemas: RouteSchemas = {
  body: SkillsNewBodySchema,
  response: z.object({
    ok: z.literal(true),
    deviceId: z.string(),
    sessionId: z.string(),
    skillId: z.string(),
    applicationId: z.string(),
    skillDir: z.string().describe("Where the skill was written: skills/<skillId> under the server's directory"),
    registry: z.string().describe("The registry it was added to (CLAWPERATOR_SKILLS_REGISTRY for `skills run`)"),
    files: z.array(z.string()),
    stepCount: z.number().int().nonnegative(),
    inputs: z.array(z.looseObject({ name: z.string(), description: z.string() })),
    usage: z.string(),
    warnings: z.array(z.string()),
    skillMd: z.string().describe("The SKILL.md written, for a client that is not on the server's machine"),
  }),
};

export const pullSchemas: RouteSchemas = {
  body: RecordingBodySchema,
  response: z.string().describe("the recording file, one JSON document a line"),
  responseType: "application/x-ndjson",
};
