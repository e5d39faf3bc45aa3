import { readFile, rm } from "node:fs/promises";
import { defineHandler } from "h3";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { prefersPng } from "../http/accept.ts";
import { flagOf, pathOf, targetOf } from "../http/body-fields.ts";
import { observeExecution } from "../http/observe-execution.ts";
import { runForRoute } from "../http/run-route.ts";

/**
 * POST /observe/screenshot (and /screenshot) `{ deviceId?, receiverPackage?, path?, inline? }`: the execute response
 * of one take_screenshot, the PNG's path on the server in stepResults[0].data.path. For a client on another
 * machine: `Accept: image/png` answers the PNG itself (a temp file of its own is removed once read), and
 * `inline: true` adds `image: { mimeType, data }` (base64) to the JSON. A capture that failed answers JSON, with 502
 * when the client asked for the image.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  const target = targetOf(body);
  const path = pathOf(body);
  const inline = flagOf(body, "inline");
  const png = prefersPng(event.req.headers.get("accept"));
  const result = await runForRoute(
    event,
    observeExecution("screenshot", {
      id: "screenshot",
      type: "take_screenshot",
      ...(path ? { params: { path } } : {}),
    }),
    target,
  );
  if (!png && !inline) return result;
  const saved = result.ok ? result.envelope.stepResults[0]?.data.path : undefined;
  if (!saved) {
    if (png) event.res.status = 502;
    return result;
  }
  const image = await readFile(saved);
  if (!png) return { ...result, image: { mimeType: "image/png", data: image.toString("base64") } };
  if (!path) await rm(saved, { force: true });
  return new Response(image, { headers: { "content-type": "image/png", "cache-control": "no-store" } });
});
