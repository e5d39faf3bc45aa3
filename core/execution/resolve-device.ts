import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { Device } from "../contracts/device.ts";

const STATE_ERRORS: Readonly<
  Record<string, { code: "DEVICE_UNAUTHORIZED" | "DEVICE_OFFLINE" | "ADB_NO_USB_PERMISSIONS"; hint: string }>
> = {
  unauthorized: { code: "DEVICE_UNAUTHORIZED", hint: "Accept the USB debugging prompt on the device." },
  offline: { code: "DEVICE_OFFLINE", hint: "Reconnect the device, or run `adb reconnect offline`." },
  authorizing: { code: "DEVICE_OFFLINE", hint: "The device is still authorizing; try again in a moment." },
  connecting: { code: "DEVICE_OFFLINE", hint: "The device is still connecting; try again in a moment." },
};

/** A device that is listed but not usable is an error naming its state. */
export function unusableDevice(device: Device): ClawperatorError {
  const known = device.state.startsWith("no permissions")
    ? {
        code: "ADB_NO_USB_PERMISSIONS" as const,
        hint: "Give your user access to the USB device (udev rules) and restart adb.",
      }
    : STATE_ERRORS[device.state];
  return new ClawperatorError(
    known?.code ?? "DEVICE_OFFLINE",
    `device ${device.serial} is ${device.state}, not ready for commands`,
    {
      hint: known?.hint ?? "Wait until `clawperator devices` shows it as `device`.",
      details: { deviceId: device.serial, state: device.state },
    },
  );
}

/**
 * The spec's selection policy: the one connected device, or the named one. NO_DEVICES,
 * MULTIPLE_DEVICES_DEVICE_ID_REQUIRED (listing the serials) and DEVICE_NOT_FOUND otherwise.
 */
export function selectDevice(devices: readonly Device[], deviceId: string | undefined): string {
  if (deviceId !== undefined) {
    const device = devices.find((d) => d.serial === deviceId);
    if (!device) {
      throw new ClawperatorError("DEVICE_NOT_FOUND", `device ${deviceId} is not connected`, {
        hint: devices.length ? `Connected: ${devices.map((d) => d.serial).join(", ")}` : "No device is connected.",
        details: { deviceId, connected: devices.map((d) => d.serial) },
      });
    }
    if (device.state !== "device") throw unusableDevice(device);
    return device.serial;
  }
  const ready = devices.filter((d) => d.state === "device");
  if (ready.length === 1) return ready[0]!.serial;
  if (ready.length > 1) {
    throw new ClawperatorError(
      "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED",
      `${ready.length} devices are connected; name the one to use`,
      {
        hint: `Pass --device-id <serial>; connected: ${ready.map((d) => d.serial).join(", ")}`,
        details: { devices: ready.map((d) => d.serial) },
      },
    );
  }
  if (devices.length === 1) throw unusableDevice(devices[0]!);
  throw new ClawperatorError(
    "NO_DEVICES",
    devices.length ? "no device is ready for commands" : "no Android device is connected",
    {
      hint: devices.length
        ? `Devices: ${devices.map((d) => `${d.serial} (${d.state})`).join(", ")}`
        : "Connect a phone with USB debugging, start an emulator, or run `clawperator virtual start`.",
      details: { devices },
    },
  );
}
