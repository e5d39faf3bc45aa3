import { defineHandler, type H3Event } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { readJsonBody } from "../../../core/http/index.ts";
import type { RouteRequestContext } from "../../../core/kernel/index.ts";
import { runSessionAction, sessionFailed, type SessionVerb } from "../session/recording-session.ts";
import { RecordingBodySchema } from "./route-schemas.ts";

/** The kernel context `serve` puts on each request. */
export function contextOf(event: H3Event): RouteRequestContext {
  const context = event.context.clawperator;
  if (!context) throw new ClawperatorError("INTERNAL_ERROR", "recording routes need the serve request context");
  return context;
}

/**
 * POST /recording/start and /recording/stop: the execution's result as POST /execute answers it (HTTP 200 for any
 * envelope the device reported), `ok` false when the APK refused in the step (its code in `data.error`).
 */
export const sessionRoute = (verb: SessionVerb) =>
  defineHandler(async (event) => {
    const { deviceId, receiverPackage, sessionId } = await readJsonBody(event, RecordingBodySchema);
    const result = await runSessionAction(contextOf(event).services, verb, {
      source: "clawperator-http",
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(deviceId ? { deviceId } : {}),
      ...(receiverPackage ? { receiverPackage } : {}),
    });
    return { ...result, ok: !sessionFailed(result) };
  });
