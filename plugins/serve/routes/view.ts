import { defineHandler } from "h3";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { deviceIdOf, receiverPackageOf } from "../http/body-fields.ts";
import { routeContext } from "../http/route-context.ts";
import { clientSession } from "../../../core/http/client-session.ts";

/**
 * POST /observe/view `{ deviceId?, receiverPackage?, session? }`: the agent view of the screen (outline and refs) in `view`,
 * which becomes the device's latest for the refs of POST /execute; the snapshot's XML is not repeated. `ok` is
 * false (with `viewError`) when no view could be made.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  const deviceId = deviceIdOf(body);
  const receiverPackage = receiverPackageOf(body);
  const result = await routeContext(event)
    .services.resolve(AgentViews)
    .observe({
      ...(deviceId ? { deviceId } : {}),
      ...(receiverPackage ? { receiverPackage } : {}),
      session: clientSession(event, body),
    });
  return { ...result, ok: result.ok && result.view !== undefined };
});
