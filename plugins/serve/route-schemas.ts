import { z } from "zod";
import { AgentViewSchema, RefUseSchema } from "../../core/contracts/agent-view.ts";
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
  deviceEnvelope: z
    .boolean()
    .optional()
    .describe("Also return the envelope exactly as the device sent it, in deviceEnvelope"),
};

const session = z
  .string()
  .max(200)
  .optional()
  .describe("The client's own views session (beside its token): refs and incremental views are per session");

const FailureSchema = z
  .object({
    code: z.string().describe("A code of the error catalogue; DEVICE_FAILURE_UNCLASSIFIED when the cause is unknown"),
    message: z.string(),
    source: z.enum(["step", "envelope", "device_log"]),
    stepId: z.string().optional(),
    actionType: z.string().optional(),
    deviceCode: z.string().optional().describe("The device's own code when it is not in the catalogue"),
  })
  .describe("Why the execution failed: branch on code");

const runResult = {
  ok: z.boolean().describe('false when the envelope\'s status is "failed" (the CLI exits 1)'),
  envelope: ResultEnvelopeSchema.describe(
    "The [Clawperator-Result] envelope, finished by the host: its status reconciled with its steps",
  ),
  error: FailureSchema.optional(),
  deviceId: z.string(),
  terminalSource: z.literal("clawperator_result"),
  executionId: z.string(),
  mode: z.string(),
  timings: z.record(z.string(), z.number()).describe("Milliseconds per phase"),
  deviceEnvelope: ResultEnvelopeSchema.optional().describe("The envelope as the device sent it (deviceEnvelope: true)"),
};
const RunResultSchema = z
  .object(runResult)
  .describe("Execution result (HTTP 200 whenever the device returned an envelope)");

const ViewedSchema = z
  .object({
    ...runResult,
    view: AgentViewSchema.optional().describe("The agent view: outline text, refs table, package, windows, id"),
    viewError: z.string().optional().describe("Why there is no view although one was asked for"),
    refs: z.array(RefUseSchema).optional().describe("What each action's ref resolved to"),
  })
  .describe("Execution result and, when asked for, the agent view of the screen after it");

export const executeSchemas: RouteSchemas = {
  body: z.object({
    execution: ExecutionSchema.describe("Actions may give `ref` (a ref of the device's latest view) for their node"),
    ...target,
    view: z
      .union([z.enum(["incremental", "full", "none"]), z.boolean()])
      .optional()
      .describe(
        "Append a snapshot and return the view after the execution, once the screen settled: incremental (true; " +
          "what changed since the client's earlier views), full, or none",
      ),
    session: session,
  }),
  response: ViewedSchema,
};

export const viewSchemas: RouteSchemas = {
  body: z.object({ deviceId: target.deviceId, receiverPackage: target.receiverPackage, session }),
  response: ViewedSchema,
};

export const snapshotSchemas: RouteSchemas = { body: z.object(target), response: RunResultSchema };

export const screenshotSchemas: RouteSchemas = {
  body: z.object({
    ...target,
    path: z
      .string()
      .min(1)
      .optional()
      .describe("Where to write the PNG on the server host; without it nothing stays there and image carries the PNG"),
    inline: z.boolean().optional().describe("With path: also return the PNG base64-encoded in image.data"),
  }),
  response: z
    .object({
      ...runResult,
      image: z
        .object({ mimeType: z.literal("image/png"), data: z.string() })
        .optional()
        .describe("Without path, or with inline: true"),
    })
    .describe(
      "Execution result; with Accept: image/png the PNG itself (content-type image/png), " +
        "or this JSON with HTTP 502 when the capture failed",
    ),
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
        "`clawperator:result` ({deviceId, envelope}), `clawperator:execution` ({deviceId, input, result}), " +
        "`clawperator:skills-changed` ({version, reason}) and `clawperator:skills-install-progress` " +
        "({name, installId, line}); data is JSON",
    ),
};
