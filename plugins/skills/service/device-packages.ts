import { checkDeviceSerial } from "../../../core/contracts/device-serial.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import type { Transport } from "../../../core/services/transport.ts";

/** The packages installed on a device (`pm list packages`), or undefined when the device cannot be asked. */
async function devicePackages(transport: Transport, deviceId: string): Promise<Set<string> | undefined> {
  try {
    const result = await transport.shell(deviceId, "pm list packages", { timeoutMs: 10_000 });
    if (result.exitCode !== 0) return undefined;
    return new Set(
      result.stdout
        .split(/\r?\n/)
        .filter((l) => l.startsWith("package:"))
        .map((l) => l.slice("package:".length).trim()),
    );
  } catch {
    return undefined;
  }
}

/** The device a package gate is judged on: its id and packages, or undefined without one (or when it cannot answer). */
export async function gatingDevice(
  transport: () => Transport,
  deviceId: string | undefined,
): Promise<{ id: string; packages: ReadonlySet<string> } | undefined> {
  if (!deviceId) return undefined;
  checkDeviceSerial(deviceId, "device id");
  const packages = await devicePackages(transport(), deviceId);
  return packages ? { id: deviceId, packages } : undefined;
}

/**
 * The device a skill runs on when none is named, by the execution's rule (docs/execution.md#device-selection): the
 * one connected, or MULTIPLE_DEVICES_DEVICE_ID_REQUIRED for several. None (or no adb to ask) runs the script without
 * one, as a script that needs no device may.
 */
export async function onlyDevice(transport: () => Transport): Promise<string | undefined> {
  let devices: Awaited<ReturnType<Transport["listDevices"]>>;
  try {
    devices = await transport().listDevices();
  } catch {
    return undefined;
  }
  const ready = devices.filter((d) => d.state === "device");
  return ready.length > 1 ? selectDevice(devices, undefined) : ready[0]?.serial;
}
