import { defineHandler } from "h3";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { targetOf } from "../http/body-fields.ts";
import { observeExecution } from "../http/observe-execution.ts";
import { runForRoute } from "../http/run-route.ts";

/**
 * POST /observe/snapshot (and /snapshot) `{ deviceId?, receiverPackage? }`: the execute response of one snapshot_ui.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  return runForRoute(event, observeExecution("snapshot", { id: "snapshot", type: "snapshot_ui" }), targetOf(body));
});
