import { defineHandler } from "h3";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { namesRefs } from "../../../core/contracts/refs.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { flagOf, targetOf } from "../http/body-fields.ts";
import { routeContext } from "../http/route-context.ts";
import { runForRoute, validateForRoute } from "../http/run-route.ts";

/**
 * POST /execute `{ execution, deviceId?, receiverPackage? | operatorPackage?, view? }`. Actions may name a `ref` of
 * the device's latest view (POST /observe/view); `view: true` returns the view after acting, from the same execution.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  if (body.execution === undefined || body.execution === null) {
    throw new ClawperatorError("MISSING_EXECUTION", "request body has no execution", {
      hint: 'Send {"execution": {...}, "deviceId": "<serial>"}.',
    });
  }
  const target = targetOf(body);
  const view = flagOf(body, "view");
  if (view || namesRefs(body.execution)) {
    return routeContext(event)
      .services.resolve(AgentViews)
      .run(body.execution, { ...target, view });
  }
  return runForRoute(event, validateForRoute(event, body.execution, target), target);
});
