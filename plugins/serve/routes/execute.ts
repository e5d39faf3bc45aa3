import { defineHandler } from "h3";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { namesRefs } from "../../../core/contracts/refs.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { targetOf } from "../http/body-fields.ts";
import { clientSession, viewModeOf } from "../../../core/http/client-session.ts";
import { routeContext } from "../http/route-context.ts";
import { runForRoute, validateForRoute } from "../http/run-route.ts";

/**
 * POST /execute `{ execution, deviceId?, receiverPackage? | operatorPackage?, view?, session? }`. Actions may name a
 * `ref` of the client's latest view (POST /observe/view); `view` ("incremental" or true, "full") returns the view
 * after acting, from the same execution, once the screen settled.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  if (body.execution === undefined || body.execution === null) {
    throw new ClawperatorError("MISSING_EXECUTION", "request body has no execution", {
      hint: 'Send {"execution": {...}, "deviceId": "<serial>"}.',
    });
  }
  const target = targetOf(body);
  const view = viewModeOf(body);
  const session = clientSession(event, body);
  if (view !== "none" || namesRefs(body.execution)) {
    return routeContext(event)
      .services.resolve(AgentViews)
      .run(body.execution, { ...target, view, session });
  }
  return runForRoute(event, validateForRoute(event, body.execution, target), target);
});
