import { AdbDeviceServer, type AdbDeviceServerOptions } from "./adb-device-server.ts";
import type { DeviceServices } from "../device/device-services.ts";
import { EmulatorConsole } from "./emulator-console.ts";
import { registerEmulator } from "./emulator-registration.ts";

export interface EmulatorModeOptions extends AdbDeviceServerOptions {
  avdName: string;
  /**
   * The device's adb port; the console listens on `adbPort - 1` and adb names the device
   * `emulator-<adbPort - 1>`. Odd ports 5555–5585 are also found by any adb server that starts later.
   */
  adbPort: number;
  host?: string;
  /** Port of the adb server to register with (5037 by default); `false` to skip registration. */
  adbServerPort?: number | false;
  /** HOME holding `.emulator_console_auth_token` (default: this process's home). */
  home?: string;
  /** Called after `adb emu kill` (or the console's `kill`) stopped the emulator. */
  onKill?: () => void;
}

export interface VirtualEmulator {
  serial: string;
  adbPort: number;
  consolePort: number;
  device: AdbDeviceServer;
  console: EmulatorConsole;
  close(): Promise<void>;
}

/**
 * Starts the device as an emulator: adb port + console port, then registers it with the adb server the way
 * the emulator does at boot and waits until that server has connected, so `adb devices` lists it at once.
 */
export async function startEmulator(services: DeviceServices, options: EmulatorModeOptions): Promise<VirtualEmulator> {
  const { adbPort, host = "127.0.0.1" } = options;
  const device = new AdbDeviceServer(services, options);
  const emulatorConsole = new EmulatorConsole({
    avdName: options.avdName,
    home: options.home,
    onKill: () => void close().then(() => options.onKill?.()),
  });
  let stopping: Promise<void> | undefined;
  function close(): Promise<void> {
    stopping ??= Promise.all([device.close(), emulatorConsole.close()]).then(() => undefined);
    return stopping;
  }
  try {
    await device.listen(adbPort, host);
    await emulatorConsole.listen(adbPort - 1, host);
    if (options.adbServerPort !== false) {
      const connected = device.hostConnected();
      await registerEmulator(adbPort, { adbServerPort: options.adbServerPort, host });
      await connected;
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    serial: `emulator-${adbPort - 1}`,
    adbPort,
    consolePort: adbPort - 1,
    device,
    console: emulatorConsole,
    close,
  };
}
