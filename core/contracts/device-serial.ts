import { ClawperatorError } from "./clawperator-error.ts";

/**
 * What adb prints as a serial: USB serials (`R58M123ABCD`), emulators (`emulator-5554`), network devices
 * (`192.168.1.20:5555`, `[::1]:5555`, `[fe80::1%eth0]:5555`), mDNS services (`adb-…._adb-tls-connect._tcp`) and
 * USB paths (`usb:1-1.4`). Never whitespace, quotes or shell syntax, and never a leading `-` (an option to adb or
 * to a skill script that gets the serial as its first argument).
 */
const SERIAL = /^(?!-)[A-Za-z0-9._:%[\]-]{1,255}$/;

export function isDeviceSerial(value: string): boolean {
  return SERIAL.test(value);
}

/** The serial, or INVALID_DEVICE_ID naming where it came from (`--device-id`, `deviceId`, config `deviceId`). */
export function checkDeviceSerial(value: string, source: string): string {
  if (isDeviceSerial(value)) return value;
  throw new ClawperatorError(
    "INVALID_DEVICE_ID",
    `${source} ${JSON.stringify(value)} is not a device serial adb prints`,
    {
      hint: "Take the serial from `clawperator devices`.",
      details: { deviceId: value },
    },
  );
}
