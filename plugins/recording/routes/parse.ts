import { defineHandler } from "h3";
import { readJsonBody } from "../../../core/http/index.ts";
import { normalizeV1 } from "../parse/normalize-v1.ts";
import { readRecording } from "../parse/recording-events.ts";
import { fetchForRoute } from "./fetch-from-body.ts";
import { RecordingBodySchema } from "./route-schemas.ts";

/**
 * POST /recording/parse: `record parse` of a recording on the device (the session named, else the latest), its step
 * log in the answer; nothing is written on the server.
 */
export default defineHandler(async (event) => {
  const fetched = await fetchForRoute(event, await readJsonBody(event, RecordingBodySchema));
  const stepLog = normalizeV1(readRecording(fetched.data));
  return {
    ok: true,
    deviceId: fetched.deviceId,
    sessionId: fetched.sessionId,
    stepCount: stepLog.steps.length,
    ...(stepLog._warnings ? { warnings: stepLog._warnings } : {}),
    stepLog,
  };
});
