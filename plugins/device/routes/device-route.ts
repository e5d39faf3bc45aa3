import { defineHandler, type H3Event } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkDeviceSerial } from "../../../core/contracts/device-serial.ts";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { DeviceControl } from "../../../core/services/device-control.ts";

export type DeviceRouteName =
  | "key"
  | "swipe"
  | "rotation"
  | "logs"
  | "info"
  | "apps"
  | "install"
  | "uninstall"
  | "launch";

function context(event: H3Event) {
  const context = event.context.clawperator;
  if (!context) throw new ClawperatorError("INTERNAL_ERROR", "route called without the serve request context");
  return context;
}

/**
 * POST /device/<verb> and /apps/<verb>: the body's `deviceId` (and `session`, whose refs a swipe from a ref uses)
 * picks the device, the rest is the tool's input, validated by the service as on every surface.
 */
export function deviceRoute(name: DeviceRouteName) {
  return defineHandler(async (event) => {
    const { deviceId, session, ...input } = await readJsonBody(event, JsonObject);
    if (deviceId !== undefined && (typeof deviceId !== "string" || deviceId === ""))
      throw new ClawperatorError("INVALID_DEVICE_ID", "deviceId must be a non-empty string");
    if (session !== undefined && typeof session !== "string")
      throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", "session must be a string", {
        details: { path: "session" },
      });
    const options = {
      ...(deviceId === undefined ? {} : { deviceId: checkDeviceSerial(deviceId as string, "deviceId") }),
      ...(session === undefined ? {} : { session: `http:${session}` }),
    };
    const control = context(event).services.resolve(DeviceControl);
    const call =
      name === "info"
        ? control.info(options)
        : (control[name] as (i: unknown, o: unknown) => Promise<unknown>)(input, options);
    return { ok: true, ...((await call) as object) };
  });
}
