import { afterAll, beforeAll } from "vitest";
import {
  startVirtualDevice,
  type RunningVirtualDevice,
  type StartVirtualDeviceOptions,
} from "../../android/virtual/index.ts";
import { AdbHarness } from "./adb-harness.ts";
import { runCli, runCliJson, spawnCli, type CliProcessOptions, type CliResult } from "./run-cli.ts";

export interface VirtualSession {
  readonly harness: AdbHarness;
  /** Runs the built CLI against this session's private adb server, HOME and Clawperator home. */
  cli(
    args: readonly string[],
    options?: { input?: string; env?: Record<string, string>; cwd?: string; node?: string },
  ): Promise<CliResult>;
  /** Like `cli`, parsing stdout as JSON. */
  json<T = unknown>(
    args: readonly string[],
    options?: { input?: string; env?: Record<string, string>; cwd?: string },
  ): Promise<{ exitCode: number; body: T; stderr: string }>;
  /** Starts the CLI in the same environment and returns the running process (a command that runs until stopped). */
  spawn(
    args: readonly string[],
    options?: { cwd?: string; env?: Record<string, string>; node?: string; stdin?: "pipe" },
  ): ReturnType<typeof spawnCli>;
  /**
   * Starts a virtual device in this process and connects it to the private adb server (`device` state unless
   * unauthorized).
   */
  startDevice(options?: Partial<StartVirtualDeviceOptions>): Promise<RunningVirtualDevice>;
  /** Stops a device and waits until adb no longer lists it as `device`. */
  stopDevice(device: RunningVirtualDevice): Promise<void>;
}

/**
 * One private adb server (own HOME and port) per test file, virtual devices running in the test process, and
 * the real CLI binary as a child process. Everything started is stopped in afterAll.
 */
export function virtualSession(options: { emulatorDiscovery?: boolean } = {}): VirtualSession {
  let harness: AdbHarness | undefined;
  const devices = new Set<RunningVirtualDevice>();
  beforeAll(async () => {
    harness = await AdbHarness.start(options);
  });
  afterAll(async () => {
    await Promise.all([...devices].map((d) => d.stop()));
    await harness?.stop();
  });

  /** The CLI's environment: the session's HOME (and so its Clawperator home) and its private adb server. */
  const inSession = (options: {
    input?: string;
    env?: Record<string, string>;
    node?: string;
    cwd?: string;
  }): CliProcessOptions => ({
    cwd: options.cwd ?? harness!.home,
    env: { TMPDIR: harness!.home, ...harness!.env, ...options.env },
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.node === undefined ? {} : { node: options.node }),
  });

  const session: VirtualSession = {
    get harness() {
      return harness!;
    },
    cli(args, options = {}) {
      return runCli(args, inSession(options));
    },
    json(args, options = {}) {
      return runCliJson(args, inSession(options));
    },
    spawn(args, options = {}) {
      return spawnCli(args, {
        ...inSession(options),
        ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
      });
    },
    async startDevice(options = {}) {
      const device = await startVirtualDevice({
        scenario: "default",
        home: harness!.home,
        adbServer: { host: "127.0.0.1", port: harness!.serverPort },
        ...options,
      });
      devices.add(device);
      if (!options.emulator) await harness!.adb(["connect", device.serial]);
      const expected = options.authorized === false ? "unauthorized" : "device";
      await harness!.waitForDevices((listed) => listed.get(device.serial) === expected);
      return device;
    },
    async stopDevice(device) {
      if (!device.serial.startsWith("emulator-")) await harness!.adb(["disconnect", device.serial]);
      await device.stop();
      devices.delete(device);
      await harness!.waitForDevices((listed) => listed.get(device.serial) !== "device");
    },
  };
  return session;
}
