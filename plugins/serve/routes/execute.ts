import { defineHandler } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { targetOf } from "../http/body-fields.ts";
import { readJsonObject } from "../http/read-body.ts";
import { routeContext } from "../http/route-context.ts";
import { runForRoute, validateForRoute } from "../http/run-route.ts";
import { ServeOptions } from "../serve-options.ts";

/** POST /execute `{ execution, deviceId?, receiverPackage? | operatorPackage? }`. */
export default defineHandler(async (event) => {
  const body = await readJsonObject(event, routeContext(event).services.resolve(ServeOptions).bodyLimitBytes);
  if (body.execution === undefined || body.execution === null) {
    throw new ClawperatorError("MISSING_EXECUTION", "request body has no execution", {
      hint: 'Send {"execution": {...}, "deviceId": "<serial>"}.',
    });
  }
  const target = targetOf(body);
  return runForRoute(event, validateForRoute(event, body.execution, target), target);
});
