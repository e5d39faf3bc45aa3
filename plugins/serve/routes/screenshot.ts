import { defineHandler } from "h3";
import { pathOf, targetOf } from "../http/body-fields.ts";
import { observeExecution } from "../http/observe-execution.ts";
import { readJsonObject } from "../http/read-body.ts";
import { routeContext } from "../http/route-context.ts";
import { runForRoute } from "../http/run-route.ts";
import { ServeOptions } from "../serve-options.ts";

/**
 * POST /observe/screenshot (and /screenshot) `{ deviceId?, receiverPackage?, path? }`; the PNG path is in
 * stepResults[0].data.path.
 */
export default defineHandler(async (event) => {
  const body = await readJsonObject(event, routeContext(event).services.resolve(ServeOptions).bodyLimitBytes);
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
