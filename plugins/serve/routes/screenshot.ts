import { defineHandler } from "h3";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { pathOf, targetOf } from "../http/body-fields.ts";
import { observeExecution } from "../http/observe-execution.ts";
import { runForRoute } from "../http/run-route.ts";

/**
 * POST /observe/screenshot (and /screenshot) `{ deviceId?, receiverPackage?, path? }`; the PNG path is in
 * stepResults[0].data.path.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  const target = targetOf(body);
  const path = pathOf(body);
  return runForRoute(
    event,
    observeExecution("screenshot", {
      id: "screenshot",
      type: "take_screenshot",
      ...(path ? { params: { path } } : {}),
    }),
    target,
  );
});
