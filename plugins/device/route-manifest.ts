import type { ErrorCode } from "../../core/contracts/error-codes.ts";
import { DEVICE_ERRORS } from "../../core/contracts/route-errors.ts";
import type { RouteContribution } from "../../core/kernel/index.ts";
import type { DeviceRouteName } from "./routes/device-route.ts";

const ERRORS: ErrorCode[] = [
  ...DEVICE_ERRORS,
  "INVALID_DEVICE_ID",
  "EXECUTION_VALIDATION_FAILED",
  "EXECUTION_CONFLICT_IN_FLIGHT",
  "DEVICE_SHELL_UNAVAILABLE",
];

const route = (
  path: string,
  name: DeviceRouteName,
  description: string,
  extra: ErrorCode[] = [],
): RouteContribution => ({
  method: "POST",
  path,
  description,
  errors: [...ERRORS, ...extra],
  schemas: async () => (await import("./routes/route-schemas.js")).deviceRouteSchemas(name),
  load: () => import("./routes/device-route.js").then((m) => ({ default: m.deviceRoute(name) })),
});

/** The device tools over HTTP: `{ deviceId?, session?, ...input }`, the same inputs as the CLI and the agent tools. */
export const DEVICE_ROUTES: RouteContribution[] = [
  route("/device/key", "key", "Press an Android key: { key, longPress? }"),
  route("/device/swipe", "swipe", "Swipe, long-press or drag: { from, to } or { ref, direction }, durationMs?, kind?", [
    "REF_STALE",
    "REF_NOT_FOUND",
  ]),
  route("/device/rotation", "rotation", "The orientation, after setting it when `set` is given"),
  route("/device/logs", "logs", "The device log's last lines: { package?, tag?, level?, since?, lines? }", [
    "LOGCAT_UNAVAILABLE",
  ]),
  route("/device/info", "info", "Model, manufacturer, SDK, Android version, screen size and density"),
  route("/apps/list", "apps", "Installed application ids: { thirdParty? }"),
  route("/apps/install", "install", "Install an APK from the server host: { apk }", [
    "INVALID_PATH",
    "ANDROID_INSTALL_FAILED",
  ]),
  route("/apps/uninstall", "uninstall", "Uninstall an app: { package }", ["APP_NOT_FOUND"]),
  route("/apps/launch", "launch", "Launch an app's launcher activity: { package }", ["APP_NOT_FOUND"]),
];
