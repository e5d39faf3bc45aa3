import { defineHandler } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkDeviceSerial } from "../../../core/contracts/device-serial.ts";
import { EXPECTED_FORMAT } from "../../../core/contracts/limits.ts";
import { randomHex } from "../../../core/host/random.ts";
import { clientSession } from "../../../core/http/client-session.ts";
import { readJsonBody } from "../../../core/http/index.ts";
import { AgentViews } from "../../../core/services/agent-views.ts";
import { nodeTargets } from "../screen/node-targets.ts";
import { MatchersBodySchema } from "./route-schemas.ts";

/** The step whose XML the answer keeps; the view's own snapshot follows it in the same execution. */
const HIERARCHY_STEP = "hierarchy";

/**
 * POST /observe/matchers `{ deviceId?, receiverPackage?, session? }`: one execution that snapshots the screen for the
 * hierarchy (kept in the step `hierarchy`) and for the full agent view (`view`: the page shows every line and ref,
 * never only what changed), which becomes the latest of the client's views session, as POST /observe/view's does,
 * so POST /execute takes its refs. `nodes` gives, for every `<node>` of that hierarchy in document order, the
 * matcher that selects it alone on this screen (the core's, as refs and recorded skills use) and its ref. `ok` is
 * false, with `viewError`, when there is no hierarchy or view.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, MatchersBodySchema);
  const { deviceId, receiverPackage } = body;
  const context = event.context.clawperator;
  if (!context) throw new ClawperatorError("INTERNAL_ERROR", "the inspector's routes need the serve request context");
  const commandId = `matchers-${Date.now()}-${randomHex(3)}`;
  const execution = {
    commandId,
    taskId: commandId,
    source: "clawperator-http",
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: 30_000,
    actions: [{ id: HIERARCHY_STEP, type: "snapshot_ui" }],
  };
  const result = await context.services.resolve(AgentViews).run(execution, {
    view: "full",
    session: clientSession(event, body),
    ...(deviceId ? { deviceId: checkDeviceSerial(deviceId, "deviceId") } : {}),
    ...(receiverPackage ? { receiverPackage } : {}),
  });
  const xml = result.envelope?.stepResults.find((step) => step.id === HIERARCHY_STEP)?.data.text;
  if (!result.ok || !result.view || typeof xml !== "string")
    return { ...result, ok: false, viewError: result.viewError ?? "the snapshot returned no hierarchy", nodes: [] };
  return { ...result, ...nodeTargets(xml, result.view) };
});
