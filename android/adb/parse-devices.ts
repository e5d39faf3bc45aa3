import type { Device } from "../../core/contracts/device.ts";

const PROPERTY = /^([a-z_]+):(\S*)$/;

/**
 * Parses `host:devices-l` / `adb devices -l` lines: `<serial> <state> key:value...`. The state is kept as adb
 * prints it, spaces included (`no permissions (...)`), so nothing about a device is lost.
 */
export function parseDevices(text: string): Device[] {
  const devices: Device[] = [];
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith("List of devices") || trimmed.startsWith("*")) continue;
    const [serial, ...rest] = trimmed.split(/\s+/);
    const properties: Record<string, string> = {};
    while (rest.length > 1 && PROPERTY.test(rest.at(-1)!)) {
      const [, key, value] = PROPERTY.exec(rest.pop()!)!;
      properties[key!] = value!;
    }
    const state = rest.join(" ");
    if (!serial || !state) continue;
    devices.push({
      serial,
      state,
      ...(Object.keys(properties).length
        ? { properties: Object.fromEntries(Object.entries(properties).reverse()) }
        : {}),
    });
  }
  return devices;
}
