import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, type Options, type Result } from "execa";
import { freePort } from "./free-port.ts";

/**
 * What an adb server started with it scans none of the emulator ports, so emulators other test files run never show
 * up in its list. Both are needed: ADB_EMU=0 on every adb (Debian's 29.0.6 still scans with a maximum of 0), the
 * maximum below the first emulator port on newer ones (adb's transport_local).
 */
export const NO_EMULATOR_SCAN = { ADB_LOCAL_TRANSPORT_MAX_PORT: "0", ADB_EMU: "0" } as const;

/** A private adb server (own HOME, own port) for one test file; `stop()` kills it and removes HOME. */
export class AdbHarness {
  private constructor(
    readonly home: string,
    readonly serverPort: number,
    private readonly emulatorDiscovery: boolean,
  ) {}

  /**
   * `emulatorDiscovery`: let the server scan the emulator ports 5555–5585, for tests of emulators. Otherwise it
   * scans none, so emulators other test files run at the same time never show up in this server's list.
   */
  static async start(options: { emulatorDiscovery?: boolean } = {}): Promise<AdbHarness> {
    const home = await mkdtemp(join(tmpdir(), "clawperator-adb-"));
    const harness = new AdbHarness(home, await freePort(), options.emulatorDiscovery ?? false);
    await harness.adb(["start-server"]);
    return harness;
  }

  get env(): Record<string, string> {
    return {
      HOME: this.home,
      ANDROID_ADB_SERVER_PORT: String(this.serverPort),
      ...(this.emulatorDiscovery ? {} : NO_EMULATOR_SCAN),
    };
  }

  /** Runs the real adb client against this harness's server; never throws on a non-zero exit. */
  adb(args: string[], options: Options = {}): Promise<Result> {
    const argv = ["-P", String(this.serverPort), ...args];
    return execa("adb", argv, { env: this.env, reject: false, ...options }) as Promise<Result>;
  }

  /** Starts an adb client and returns the running subprocess, for commands that stream or get killed. */
  spawn(args: string[], options: { input?: Buffer } = {}) {
    const argv = ["-P", String(this.serverPort), ...args];
    return execa("adb", argv, { env: this.env, reject: false, encoding: "buffer", ...options });
  }

  /** Like `adb`, but returns stdout as raw bytes. */
  async adbBytes(args: string[]): Promise<Buffer> {
    const result = await execa("adb", ["-P", String(this.serverPort), ...args], { env: this.env, encoding: "buffer" });
    return Buffer.from(result.stdout);
  }

  /** `adb devices` rows as serial → state. */
  async devices(): Promise<Map<string, string>> {
    const { stdout } = await this.adb(["devices"]);
    const rows = String(stdout)
      .split("\n")
      .slice(1)
      .filter((line) => line.includes("\t"));
    return new Map(rows.map((line) => line.split("\t") as [string, string]));
  }

  /**
   * Resolves with the device list once `predicate` holds, watching `adb track-devices` (the server pushes
   * every change as a 4-hex-digit length + `serial\tstate` lines) instead of polling.
   */
  async waitForDevices(predicate: (devices: Map<string, string>) => boolean): Promise<Map<string, string>> {
    const tracker = execa("adb", ["-P", String(this.serverPort), "track-devices"], { env: this.env, reject: false });
    let pending = "";
    try {
      for await (const chunk of tracker.stdout!) {
        pending += String(chunk);
        while (pending.length >= 4 && pending.length >= 4 + Number.parseInt(pending.slice(0, 4), 16)) {
          const length = Number.parseInt(pending.slice(0, 4), 16);
          const rows = pending
            .slice(4, 4 + length)
            .split("\n")
            .filter((line) => line.includes("\t"));
          pending = pending.slice(4 + length);
          const devices = new Map(rows.map((line) => line.split("\t") as [string, string]));
          if (predicate(devices)) return devices;
        }
      }
      throw new Error("adb track-devices ended before the expected device state");
    } finally {
      tracker.kill();
    }
  }

  async stop(): Promise<void> {
    await this.adb(["kill-server"]);
    await rm(this.home, { recursive: true, force: true });
  }
}
