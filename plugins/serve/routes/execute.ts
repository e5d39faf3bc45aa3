import { defineHandler } from "h3";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { targetOf } from "../http/body-fields.ts";
import { runForRoute, validateForRoute } from "../http/run-route.ts";

/** POST /execute `{ execution, deviceId?, receiverPackage? | operatorPackage? }`. */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  if (body.execution === undefined || body.execution === null) {
    throw new ClawperatorError("MISSING_EXECUTION", "request body has no execution", {
      hint: 'Send {"execution": {...}, "deviceId": "<serial>"}.',
    });
  }
  const target = targetOf(body);
  return runForRoute(event, validateForRoute(event, body.execution, target), target);
});
