import { z } from "zod";
import { DeviceSchema } from "../../core/contracts/device.ts";
import { ResultEnvelopeSchema } from "../../core/contracts/envelope.ts";
import { ExecutionSchema } from "../../core/contracts/execution.ts";
import type { RouteSchemas } from "../../core/kernel/index.ts";

/** The serve plugin's route schemas, for GET /openapi.json only: loaded when the document is first asked for. */
const target = {
  deviceId: z
    .string()
    .min(1)
    .optional()
    .describe("Device serial (GET /devices); optional when exactly one device is connected"),
  receiverPackage: z.string().optional().describe("Operator APK package (default com.clawperator.operator)"),
  operatorPackage: z.string().optional().describe("Same as receiverPackage (the name the reference runtime reads)"),
};

const RunResultSchema = z
  .object({
    ok: z.literal(true),
    envelope: ResultEnvelopeSchema.describe(
      'The [Clawperator-Result] envelope; a run the device reported as failed has status "failed" here',
    ),
    deviceId: z.string(),
    terminalSource: z.literal("clawperator_result"),
    executionId: z.string(),
    mode: z.string(),
    timings: z.record(z.string(), z.number()).describe("Milliseconds per phase"),
  })
  .describe("Execution result (HTTP 200 whenever the device returned an envelope)");

export const executeSchemas: RouteSchemas = {
  body: z.object({ execution: ExecutionSchema, ...target }),
  response: RunResultSchema,
};

export const snapshotSchemas: RouteSchemas = { body: z.object(target), response: RunResultSchema };

export const screenshotSchemas: RouteSchemas = {
  body: z.object({
    ...target,
    path: z.string().min(1).optional().describe("Where to write the PNG on the server host (default: a temp file)"),
  }),
  response: RunResultSchema,
};

export const devicesSchemas: RouteSchemas = {
  response: z.object({ ok: z.literal(true), devices: z.array(DeviceSchema) }),
};

export const healthSchemas: RouteSchemas = {
  response: z.object({ ok: z.literal(true), status: z.literal("ok"), uptimeMs: z.number() }),
};

export const eventsSchemas: RouteSchemas = {
  responseType: "text/event-stream",
  response: z
    .string()
    .describe(
      'Events: `heartbeat` ({code: "CONNECTED"} on connect, then {code: "HEARTBEAT"} periodically), ' +
        "`clawperator:result` ({deviceId, envelope}) and `clawperator:execution` ({deviceId, input, result}); " +
        "data is JSON",
    ),
};
