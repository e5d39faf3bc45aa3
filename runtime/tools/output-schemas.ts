import { z } from "zod";
import { DeviceSchema } from "../../core/contracts/device.ts";

/**
 * The shapes of the tools' `details`, as results to validate against: each names the fields an agent reads and
 * lets the rest through (devices, the APK and plugins add fields), so a newer result never fails its schema.
 */
const Step = z.looseObject({
  id: z.string(),
  actionType: z.string(),
  success: z.boolean(),
  data: z.record(z.string(), z.string()).optional(),
  error: z.string().optional(),
});

const Failure = z.looseObject({ code: z.string(), message: z.string() });

/** A RunExecutionResult: `{ok, envelope, deviceId, terminalSource}` and the failure's code when it failed. */
export const ExecutionDetails = z.looseObject({
  ok: z.boolean(),
  deviceId: z.string(),
  envelope: z.looseObject({
    commandId: z.string(),
    taskId: z.string(),
    status: z.enum(["success", "failed"]),
    stepResults: z.array(Step),
    error: z.string().nullable(),
  }),
  error: Failure.optional(),
});

/** An action's or a view's result as structured content: ids, the failure's code, findings, the view's refs. */
export const ActionDetails = z.looseObject({
  ok: z.boolean(),
  deviceId: z.string(),
  error: Failure.optional(),
  steps: z.array(z.looseObject({ id: z.string(), data: z.record(z.string(), z.string()) })).optional(),
  view: z
    .looseObject({
      id: z.string(),
      mode: z.enum(["full", "incremental"]).optional(),
      since: z.string().optional(),
      settled: z.boolean().optional(),
      settledMs: z.number().optional(),
      refs: z
        .record(z.string(), z.array(z.number()).length(2))
        .describe("ref → the point a tap on its node lands, [x, y] in screen pixels"),
    })
    .optional(),
  viewError: z.string().optional(),
});

/** What a device tool returns: the device, and the tool's own fields. */
export const DeviceToolDetails = z.looseObject({ deviceId: z.string() });

export const DevicesDetails = z.strictObject({ devices: z.array(DeviceSchema.loose()) });

export const DoctorDetails = z.looseObject({
  ok: z.boolean(),
  criticalOk: z.boolean(),
  checks: z.array(z.looseObject({ id: z.string(), status: z.enum(["pass", "warn", "fail"]), summary: z.string() })),
});

const RegistrySkill = z.looseObject({ id: z.string(), applicationId: z.string(), summary: z.string() });

export const SkillListDetails = z.looseObject({ skills: z.array(RegistrySkill), count: z.number().int() });

export const SkillDetails = RegistrySkill.extend({
  instructions: z.string().describe("SKILL.md's body, {baseDir} replaced by the skill's folder"),
  baseDir: z.string(),
  filePath: z.string(),
});

export const SkillRunDetails = z.looseObject({
  status: z.enum(["success", "indeterminate"]),
  skillId: z.string(),
  output: z.string(),
  exitCode: z.number().int(),
  durationMs: z.number(),
});

/** What `record pull` wrote: the session's file on this machine. */
export const RecordingPullDetails = z.looseObject({
  ok: z.literal(true),
  localPath: z.string(),
  sessionId: z.string(),
  deviceId: z.string(),
  bytes: z.number().int(),
});
