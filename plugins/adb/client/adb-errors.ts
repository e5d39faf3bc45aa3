import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { ErrorCode } from "../../../core/contracts/error-codes.ts";

const RULES: ReadonlyArray<[RegExp, ErrorCode, string]> = [
  [/not found/i, "DEVICE_NOT_FOUND", "Run `clawperator devices` to see connected serials."],
  [/unauthorized/i, "DEVICE_UNAUTHORIZED", "Accept the USB debugging prompt on the device, then try again."],
  [/offline/i, "DEVICE_OFFLINE", "Reconnect the device (or `adb reconnect offline`) and try again."],
  [
    /no permissions/i,
    "ADB_NO_USB_PERMISSIONS",
    "Add a udev rule for the device or run the adb server with USB access.",
  ],
  [/authorizing|connecting/i, "DEVICE_OFFLINE", "The device is still connecting; try again in a moment."],
];

/** Maps an adb server FAIL message about a device to the spec's code. */
export function deviceError(serial: string, message: string): ClawperatorError {
  const first = message.split("\n")[0]!.trim();
  for (const [pattern, code, hint] of RULES) {
    if (pattern.test(first))
      return new ClawperatorError(code, `device ${serial}: ${first}`, { hint, details: { deviceId: serial } });
  }
  return new ClawperatorError("DEVICE_SHELL_UNAVAILABLE", `device ${serial}: ${first}`, {
    details: { deviceId: serial },
  });
}
