import { defineHandler } from "h3";
import { readJsonBody } from "../../../core/http/index.ts";
import { fetchForRoute } from "./fetch-from-body.ts";
import { RecordingBodySchema } from "./route-schemas.ts";

/**
 * POST /recording/pull: the recording file itself, for a client that may be on another machine; nothing is
 * written on the server. Which session it was, and from which device, in headers.
 */
export default defineHandler(async (event) => {
  const fetched = await fetchForRoute(event, await readJsonBody(event, RecordingBodySchema));
  return new Response(new Uint8Array(fetched.data), {
    headers: {
      "content-type": "application/x-ndjson",
      "cache-control": "no-store",
      "x-clawperator-session-id": fetched.sessionId,
      "x-clawperator-device-id": fetched.deviceId,
    },
  });
});
