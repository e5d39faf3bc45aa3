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

export const pullSchemas: RouteSchemas = {
  body: RecordingBodySchema,
  response: z.string().describe("the recording file, one JSON document a line"),
  responseType: "application/x-ndjson",
};
