import { readFile } from "node:fs/promises";
import { defineHandler } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { DeviceControl } from "../../../core/services/device-control.ts";
import { prefersPng } from "../http/accept.ts";
import { flagOf, pathOf, targetOf } from "../http/body-fields.ts";
import { observeExecution } from "../http/observe-execution.ts";
import { routeContext } from "../http/route-context.ts";
import { runForRoute } from "../http/run-route.ts";

const png = (bytes: Uint8Array) =>
  new Response(new Uint8Array(bytes), { headers: { "content-type": "image/png", "cache-control": "no-store" } });

/**
 * POST /observe/screenshot (and /screenshot) `{ deviceId?, receiverPackage?, path?, inline? }`. Without `path`,
 * nothing is written on the server: `Accept: image/png` answers the PNG itself, else `{ ok, deviceId, image:
 * { mimeType, data } }` (base64). With `path`, the execute response of one take_screenshot that wrote the PNG
 * there (stepResults[0].data.path); `inline: true` adds `image`, `Accept: image/png` answers the PNG. A capture that
 * failed answers JSON, with 502 when the client asked for the image.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  const target = targetOf(body);
  const path = pathOf(body);
  const inline = flagOf(body, "inline");
  const wantsPng = prefersPng(event.req.headers.get("accept"));
  if (!path) {
    const { services } = routeContext(event);
    if (!services.isRegistered(DeviceControl))
      throw new ClawperatorError("PLUGIN_INVALID", "the device plugin is disabled: give a path to write the PNG to");
    const shot = await services.resolve(DeviceControl).screenshot(target.deviceId ? { deviceId: target.deviceId } : {});
    if (wantsPng) return png(shot.png);
    return { ok: true, deviceId: shot.deviceId, image: { mimeType: "image/png", data: shot.png.toString("base64") } };
  }
  const result = await runForRoute(
    event,
    observeExecution("screenshot", { id: "screenshot", type: "take_screenshot", params: { path } }),
    target,
  );
  if (!wantsPng && !inline) return result;
  const saved = result.ok ? result.envelope.stepResults[0]?.data.path : undefined;
  if (!saved) {
    if (wantsPng) event.res.status = 502;
    return result;
  }
  const image = await readFile(saved);
  if (!wantsPng) return { ...result, image: { mimeType: "image/png", data: image.toString("base64") } };
  return png(image);
});
