import { defineHandler } from "h3";
import { targetOf } from "../http/body-fields.ts";
import { observeExecution } from "../http/observe-execution.ts";
import { readJsonObject } from "../http/read-body.ts";
import { routeContext } from "../http/route-context.ts";
import { runForRoute } from "../http/run-route.ts";
import { ServeOptions } from "../serve-options.ts";

/**
 * POST /observe/snapshot (and /snapshot) `{ deviceId?, receiverPackage? }`: the execute response of one snapshot_ui.
 */
export default defineHandler(async (event) => {
  const body = await readJsonObject(event, routeContext(event).services.resolve(ServeOptions).bodyLimitBytes);
  return runForRoute(event, observeExecution("snapshot", { id: "snapshot", type: "snapshot_ui" }), targetOf(body));
});
