import { readFileSync } from "node:fs";
import { type ServerAddress, serverAddress } from "../../../android/adb/server-address.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Device } from "../../../core/contracts/device.ts";
import { type Clock, systemClock } from "../../../core/host/clock.ts";
import { elapsedMs, monotonicMs } from "../../../core/host/monotonic-ms.ts";
import type { Logger } from "../../../core/services/logger.ts";
import type {
  CallOptions,
  Lease,
  LeaseOptions,
  LineStream,
  PulledFile,
  PullOptions,
  Transport,
} from "../../../core/services/transport.ts";
import type { StfClient } from "../api/stf-client.ts";
import type { StfOptions } from "../options.ts";
import { adbConnect, adbDisconnect } from "./adb-connect.ts";
import { farmSerial, farmState, matches, stfSerial, toDevice } from "./farm-devices.ts";
import { leaseExpired, reservationError } from "./lease-errors.ts";

export interface StfTransportDeps {
  client: StfClient;
  options: StfOptions;
  /** The local adb transport: a leased device is an adb-over-TCP device on the local adb server. */
  adb: Transport;
  /** The adb public key to register with the farm (absent: the farm must know it already). */
  adbKeyPath: string;
  logger: Logger;
  clock?: Clock;
  /** Where a pool lease starts among free devices (0..1; random by default, so agents spread out). */
  random?: () => number;
  /** The local adb server (default: ANDROID_ADB_SERVER_PORT's, as adb's own client finds it). */
  adbServer?: ServerAddress;
  /** `adb connect` and `adb disconnect` on the local adb server (tests stand in for them). */
  connect?: (remote: string, timeoutMs: number) => Promise<void>;
  disconnect?: (remote: string) => Promise<void>;
}

/** The process is giving its leases back (a signal, a host closing): no new reservation. */
function stopping(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw new ClawperatorError("SERVER_SHUTTING_DOWN", "shutting down: no farm device was reserved", {
      details: { reason: String(signal.reason) },
    });
}

/** First wait after every matching device was found busy; doubled each round, at most this many times. */
const BACKOFF_MS = 250;
const BACKOFF_MAX_MS = 4_000;

/**
 * Devices of a DeviceFarmer STF farm. A lease reserves the device (`POST /user/devices` with the idle `timeout`),
 * asks for its remote connection (`POST …/remoteConnect`), `adb connect`s to it and waits for it; every call then
 * goes through the ordinary adb transport to that `host:port`. Releasing undoes it in reverse.
 */
export class StfTransport implements Transport {
  readonly name = "stf";
  /** farm serial (`stf:…`) → the remote connection's adb serial. */
  readonly #remote = new Map<string, string>();
  #keyRegistered: Promise<void> | undefined;

  constructor(private readonly deps: StfTransportDeps) {}

  get #server(): ServerAddress {
    return this.deps.adbServer ?? serverAddress();
  }

  #disconnect(remote: string): Promise<void> {
    return (this.deps.disconnect ?? ((r) => adbDisconnect(this.#server, r)))(remote);
  }

  async listDevices(): Promise<Device[]> {
    const devices = await this.deps.client.devices();
    return devices.filter((d) => matches(d, this.deps.options.filter)).map(toDevice);
  }

  async acquire(serial: string, options: LeaseOptions = {}): Promise<Lease> {
    const idleMs = options.idleMs ?? this.deps.options.leaseIdleMs;
    if (serial === "stf:any") return this.#acquireAny(idleMs, options.signal);
    stopping(options.signal);
    await this.#lease(stfSerial(serial), idleMs);
    return { serial, idleMs, retries: 0, waitedMs: 0 };
  }

  /** Any free matching device: a busy one (403: someone was quicker) sends it to the next, then waits and lists again. */
  async #acquireAny(idleMs: number, signal: AbortSignal | undefined): Promise<Lease> {
    const clock = this.deps.clock ?? systemClock;
    let retries = 0;
    let waitedMs = 0;
    for (let round = 0; ; round++) {
      const free = (await this.deps.client.devices()).filter(
        (d) => matches(d, this.deps.options.filter) && farmState(d) === "available",
      );
      const start = Math.floor((this.deps.random ?? Math.random)() * free.length);
      for (let i = 0; i < free.length; i++) {
        const device = free[(start + i) % free.length]!;
        stopping(signal);
        try {
          await this.#lease(device.serial, idleMs);
          return { serial: farmSerial(device.serial), idleMs, retries, waitedMs };
        } catch (error) {
          if (!(error instanceof ClawperatorError && error.code === "DEVICE_BUSY")) throw error;
          retries++;
        }
      }
      if (round >= this.deps.options.busyRetries)
        throw new ClawperatorError("DEVICE_BUSY", "every farm device that matches stf.filter is in use", {
          hint: "Try again later, or widen stf.filter.",
          details: { deviceId: "stf:any", retries, waitedMs, filter: this.deps.options.filter ?? {} },
        });
      const wait = Math.min(BACKOFF_MS * 2 ** round, BACKOFF_MAX_MS);
      const waitStarted = monotonicMs();
      // An abort ends the wait: the process is giving its leases back.
      await clock.sleep(wait, signal).catch((error: unknown) => {
        stopping(signal);
        throw error;
      });
      waitedMs += Math.round(elapsedMs(waitStarted));
    }
  }

  async #lease(serial: string, idleMs: number): Promise<void> {
    const { client } = this.deps;
    try {
      await client.reserve(serial, idleMs);
    } catch (error) {
      const owner = await client.device(serial).then(
        (d) => d.owner?.email ?? d.owner?.name ?? undefined,
        () => undefined,
      );
      throw reservationError(error, serial, owner);
    }
    let remote: string | undefined;
    try {
      await this.#registerKey();
      remote = await client.remoteConnect(serial).catch((error: unknown) => {
        throw reservationError(error, serial);
      });
      // The adb transport's first call starts the local adb server when it is not running.
      await this.deps.adb.listDevices();
      await (this.deps.connect ?? ((r, t) => adbConnect(this.#server, r, t)))(
        remote,
        this.deps.options.connectTimeoutMs,
      );
      this.#remote.set(farmSerial(serial), remote);
    } catch (error) {
      // adb may hold the connection though the device never came online in time.
      if (remote !== undefined) await this.#disconnect(remote).catch(() => undefined);
      await client.remoteDisconnect(serial).catch(() => undefined);
      await client.unreserve(serial).catch(() => undefined);
      throw error;
    }
  }

  /** The farm admits only adb keys its user registered: the user's key is registered once per process. */
  #registerKey(): Promise<void> {
    this.#keyRegistered ??= (async () => {
      let key: string;
      try {
        key = readFileSync(this.deps.adbKeyPath, "utf8").trim();
      } catch {
        return;
      }
      await this.deps.client.addAdbPublicKey(key).catch((error: unknown) => {
        this.deps.logger.warn(`stf: could not register the adb key: ${(error as Error).message}`);
      });
    })();
    return this.#keyRegistered;
  }

  async release(serial: string): Promise<void> {
    const remote = this.#remote.get(serial);
    if (remote === undefined) return;
    this.#remote.delete(serial);
    const { client, logger } = this.deps;
    const device = stfSerial(serial);
    await this.#disconnect(remote).catch(() => undefined);
    for (const step of [() => client.remoteDisconnect(device), () => client.unreserve(device)])
      await step().catch((error: unknown) => logger.warn(`stf: releasing ${serial}: ${(error as Error).message}`));
  }

  /** The remote connection of a leased device; a call on a device not leased is refused. */
  #adbSerial(serial: string): string {
    const remote = this.#remote.get(serial);
    if (remote === undefined)
      throw new ClawperatorError("DEVICE_NOT_FOUND", `farm device ${serial} is not leased by this process`, {
        details: { deviceId: serial },
      });
    return remote;
  }

  /** A failed call on a leased device: when the farm took the device back, that is the error. */
  async #checked<T>(serial: string, call: (remote: string) => Promise<T>): Promise<T> {
    const remote = this.#adbSerial(serial);
    try {
      return await call(remote);
    } catch (error) {
      const held = await this.deps.client.controls(stfSerial(serial)).catch(() => true);
      if (!held) {
        this.#remote.delete(serial);
        await this.#disconnect(remote).catch(() => undefined);
        throw leaseExpired(serial);
      }
      throw error;
    }
  }

  shell(serial: string, command: string, options?: CallOptions) {
    return this.#checked(serial, (remote) => this.deps.adb.shell(remote, command, options));
  }

  execOut(serial: string, command: string, options?: CallOptions) {
    return this.#checked(serial, (remote) => this.deps.adb.execOut(remote, command, options));
  }

  install(serial: string, apkPath: string, options?: CallOptions) {
    return this.#checked(serial, (remote) => this.deps.adb.install(remote, apkPath, options));
  }

  pull(serial: string, remotePath: string, options?: PullOptions): Promise<PulledFile> {
    const { adb } = this.deps;
    return this.#checked(serial, async (remote) =>
      adb.pull ? adb.pull(remote, remotePath, options) : { ok: false, message: "the adb transport cannot pull files" },
    );
  }

  logcat(serial: string, args: readonly string[]): LineStream {
    return this.deps.adb.logcat(this.#adbSerial(serial), args);
  }
}
