import { defineHandler } from "h3";
import { readJsonBody } from "../../../core/http/index.ts";
import { Transport } from "../../../core/services/transport.ts";
import { fetchRecording } from "../pull/pull-recording.ts";
import { operatorPackageOf } from "../recording-paths.ts";
import { RecordingBodySchema } from "./route-schemas.ts";
import { contextOf } from "./session.ts";

/**
 * POST /recording/pull: the recording file itself, for a client that may be on another machine; nothing is
 * written on the server. Which session it was, and from which device, in headers.
 */
export default defineHandler(async (event) => {
  const { deviceId, receiverPackage, sessionId } = await readJsonBody(event, RecordingBodySchema);
  const { services, config } = contextOf(event);
  const fetched = await fetchRecording({
    transport: services.resolve(Transport),
    operatorPackage: operatorPackageOf(receiverPackage, config.operatorPackage),
    ...((deviceId ?? config.deviceId) ? { deviceId: deviceId ?? config.deviceId } : {}),
    ...(sessionId === undefined ? {} : { sessionId }),
  });
  return new Response(new Uint8Array(fetched.data), {
    headers: {
      "content-type": "application/x-ndjson",
      "cache-control": "no-store",
      "x-clawperator-session-id": fetched.sessionId,
      "x-clawperator-device-id": fetched.deviceId,
    },
  });
});
