import type { Orientation } from "../../../core/contracts/device-control.ts";
import type { DeviceInfo } from "../../../core/services/device-control.ts";
import { parseWmDensity, parseWmSize } from "../../../android/operator/wm-size.ts";

/** Between the outputs of the commands of one shell call, so one round trip reads them all. */
export const SEPARATOR = "--clawperator-next--";

/** The script of `device info`: identity props, then the display's size and density. */
export const INFO_SCRIPT = [
  "getprop ro.product.model",
  "getprop ro.product.manufacturer",
  "getprop ro.build.version.sdk",
  "getprop ro.build.version.release",
  "wm size",
  "wm density",
].join(`; echo ${SEPARATOR}; `);

export function parseInfo(deviceId: string, output: string): DeviceInfo {
  const [model = "", manufacturer = "", sdk = "", release = "", size = "", density = ""] = output
    .split(SEPARATOR)
    .map((part) => part.trim());
  const screen = parseWmSize(size);
  return {
    deviceId,
    model,
    manufacturer,
    sdk: Number(sdk) || 0,
    release,
    screen: { width: screen?.width ?? 0, height: screen?.height ?? 0, density: parseWmDensity(density) ?? 0 },
  };
}

/** Settings.System's `user_rotation` (0 to 3) for an orientation. */
export const ROTATION_OF: Readonly<Record<Orientation, number>> = {
  portrait: 0,
  landscape: 1,
  "reverse-portrait": 2,
  "reverse-landscape": 3,
};

export const ROTATION_SCRIPT = `settings get system accelerometer_rotation; echo ${SEPARATOR}; settings get system user_rotation`;

/** The orientation and auto-rotate from `settings get` of accelerometer_rotation and user_rotation. */
export function parseRotation(output: string): { orientation: Orientation; auto: boolean } {
  const [auto = "", user = ""] = output.split(SEPARATOR).map((part) => part.trim());
  const rotation = /^[0-3]$/.test(user) ? Number(user) : 0;
  const orientation = (Object.entries(ROTATION_OF).find(([, r]) => r === rotation)?.[0] ?? "portrait") as Orientation;
  return { orientation, auto: auto === "1" };
}
