import type { AdbServerAddress } from "./sdk/adb-server-env.ts";
import { AdbDeviceServer, startEmulator, type VirtualEmulator } from "./adb/index.ts";
import { loadScenario } from "./scenario/load-scenario.ts";
import type { Scenario } from "./scenario/scenario-types.ts";
import { createVirtualDevice, type VirtualDevice } from "./virtual-device.ts";
import { userHome } from "../../core/host/user-home.ts";

export interface StartVirtualDeviceOptions {
  /** A built-in scenario name (`default`, `fresh`), a scenario file path, or a loaded scenario. */
  scenario: string | Scenario;
  /** The device's adb port. Default: any free port, or for an emulator the first free pair in 5554–5585. */
  port?: number;
  /** Register with the adb server as `emulator-<port-1>` and answer the emulator console on port-1. */
  emulator?: boolean;
  /** `false`: the device refuses every host's key, so adb lists it `unauthorized`. */
  authorized?: boolean;
  /** The adb server an emulator registers with. */
  adbServer?: AdbServerAddress;
  /** HOME holding `.emulator_console_auth_token` (the console's auth). */
  home?: string;
  /** What the emulator console answers to `avd name` (default `clawperator_<scenario>`). */
  avdName?: string;
  host?: string;
}

export interface RunningVirtualDevice {
  /** The adb serial: `emulator-<console port>`, or `<host>:<port>` once connected with `adb connect`. */
  serial: string;
  port: number;
  consolePort?: number;
  scenario: string;
  device: VirtualDevice;
  server: AdbDeviceServer;
  /** Resolves when the device has stopped, by stop() or by `adb emu kill`. */
  stopped: Promise<void>;
  stop(): Promise<void>;
}

/** Emulator adb ports an adb server scans: odd ports 5555–5585, each with its console on the port below. */
const EMULATOR_ADB_PORTS = Array.from({ length: 16 }, (_, i) => 5555 + 2 * i);

async function listenEmulator(
  device: VirtualDevice,
  options: StartVirtualDeviceOptions,
  onKill: () => void,
): Promise<VirtualEmulator> {
  const ports = options.port === undefined ? EMULATOR_ADB_PORTS : [options.port];
  for (const adbPort of ports) {
    try {
      return await startEmulator(device.services, {
        avdName: options.avdName ?? `clawperator_${device.scenario.name}`,
        adbPort,
        authorized: options.authorized ?? true,
        adbServerPort: options.adbServer?.port,
        home: options.home ?? userHome(),
        onKill,
        ...(options.host === undefined ? {} : { host: options.host }),
      });
    } catch (error) {
      // A taken port (another emulator) moves on to the next pair; anything else is a real failure.
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || options.port !== undefined) throw error;
    }
  }
  throw Object.assign(new Error("every emulator port pair in 5554-5585 is in use"), { code: "EADDRINUSE" });
}

/** Starts a virtual device listening for adb. A plain device still needs `adb connect <host>:<port>`. */
export async function startVirtualDevice(options: StartVirtualDeviceOptions): Promise<RunningVirtualDevice> {
  const scenario = typeof options.scenario === "string" ? await loadScenario(options.scenario) : options.scenario;
  const device = createVirtualDevice(scenario);
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  let stopping: Promise<void> | undefined;
  let closeNetwork: () => Promise<void> = async () => undefined;
  const stop = () => {
    stopping ??= closeNetwork().then(() => {
      device.stop();
      resolveStopped();
    });
    return stopping;
  };

  try {
    if (options.emulator) {
      const emulator = await listenEmulator(device, options, () => void stop());
      closeNetwork = emulator.close;
      return {
        serial: emulator.serial,
        port: emulator.adbPort,
        consolePort: emulator.consolePort,
        scenario: scenario.name,
        device,
        server: emulator.device,
        stopped,
        stop,
      };
    }
    const host = options.host ?? "127.0.0.1";
    const server = new AdbDeviceServer(device.services, { authorized: options.authorized ?? true });
    const port = await server.listen(options.port ?? 0, host);
    closeNetwork = () => server.close();
    return { serial: `${host}:${port}`, port, scenario: scenario.name, device, server, stopped, stop };
  } catch (error) {
    device.stop();
    throw error;
  }
}
