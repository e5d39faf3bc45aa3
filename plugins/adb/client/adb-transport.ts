import type { Device } from "../../../core/contracts/device.ts";
import type {
  CallOptions,
  LineStream,
  PulledFile,
  PullOptions,
  ShellResult,
  Transport,
} from "../../../core/services/transport.ts";
import { shellCommand } from "../../../android/operator/shell-quote.ts";
import { findAdb } from "../../../android/adb/adb-binary.ts";
import { deviceError } from "./adb-errors.ts";
import { AdbConnectionClosed, AdbFailure, AdbServerDown, AdbSocket } from "../../../android/adb/adb-socket.ts";
import { shellLineStream } from "./line-stream.ts";
import { isNetworkSerial, reconnectNetworkDevice } from "./reconnect.ts";
import { parseDevices } from "../../../android/adb/parse-devices.ts";
import { serverAddress } from "../../../android/adb/server-address.ts";
import { EMPTY_STDIN_PACKET, ShellPacket, ShellV2Decoder } from "../../../android/adb/shell-v2.ts";
import { syncPull } from "../../../android/adb/sync-client.ts";

/** Connections to a server that closes them while switching to the device, tried again before giving up. */
const SERVER_RETRIES = 3;
const serverWentAway = (error: unknown): boolean =>
  error instanceof AdbConnectionClosed || ["ECONNRESET", "EPIPE"].includes((error as NodeJS.ErrnoException).code ?? "");

/**
 * Transport over adb. Device I/O speaks the adb server's socket protocol directly (the same requests the adb
 * client sends), which saves a process spawn per call and keeps execa's import off the hot path; the
 * adb binary, run with execa, starts the server and installs APKs.
 */
export class AdbTransport implements Transport {
  readonly name = "adb";
  #serverStarted: Promise<void> | undefined;
  /** Serials this transport reached: if the adb server forgets one (it was restarted), it is reconnected. */
  readonly #reached = new Set<string>();
  /** Whether this transport had to start the adb server: a fresh server knows no `adb connect`ed device. */
  #startedServer = false;
  readonly #prepared = new Map<string, { taken: boolean; socket: Promise<AdbSocket | undefined> }>();

  constructor(private readonly options: { adbPath?: string; env?: NodeJS.ProcessEnv } = {}) {}

  get #env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  /** Runs the adb binary (install, start-server). */
  async runAdb(args: readonly string[], options: CallOptions = {}): Promise<ShellResult> {
    const { execa } = await import("execa");
    const result = await execa(findAdb(this.options.adbPath, this.#env), args, {
      env: this.#env,
      reject: false,
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      ...(options.signal ? { cancelSignal: options.signal } : {}),
    });
    return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode ?? 1 };
  }

  async #connect(): Promise<AdbSocket> {
    const address = serverAddress(this.#env);
    try {
      return await AdbSocket.open(address);
    } catch (error) {
      if (!(error instanceof AdbServerDown)) throw error;
      // One start at a time; a server killed again later (adb kill-server) is started again.
      this.#serverStarted ??= this.runAdb(["start-server"])
        .then(() => undefined)
        .finally(() => (this.#serverStarted = undefined));
      await this.#serverStarted;
      this.#startedServer = true;
      return AdbSocket.open(address);
    }
  }

  /**
   * A network device this process was using and the adb server no longer knows: the server was restarted (it
   * forgets `adb connect`ed devices), so it is connected again. A device that really went away refuses at once.
   */
  async #reconnect(serial: string, error: AdbFailure): Promise<boolean> {
    if (
      !(this.#reached.has(serial) || this.#startedServer) ||
      !isNetworkSerial(serial) ||
      !/not found/i.test(error.message)
    )
      return false;
    return reconnectNetworkDevice(serverAddress(this.#env), serial);
  }

  /**
   * Opens a connection to the adb server already switched to `serial` (`host:transport`), for the next call on
   * that device. Once switched, an untaken one no longer keeps the process alive. One at a time per device.
   */
  prepare(serial: string): void {
    if (this.#prepared.has(serial)) return;
    const entry = { taken: false, socket: Promise.resolve<AdbSocket | undefined>(undefined) };
    entry.socket = this.#connect().then(
      async (socket) => {
        try {
          await socket.request(`host:transport:${serial}`);
        } catch {
          socket.close();
          return undefined;
        }
        this.#reached.add(serial);
        if (!entry.taken) socket.socket.unref();
        return socket;
      },
      () => undefined,
    );
    this.#prepared.set(serial, entry);
  }

  /** The connection prepare() opened for `serial`, once switched; undefined when there is none or it failed. */
  async #takePrepared(serial: string): Promise<AdbSocket | undefined> {
    const entry = this.#prepared.get(serial);
    if (!entry) return undefined;
    this.#prepared.delete(serial);
    entry.taken = true;
    const socket = await entry.socket;
    socket?.socket.ref();
    return socket;
  }

  async #service(
    serial: string,
    service: string,
    options: CallOptions = {},
    reconnected = false,
    serverRetries = 0,
  ): Promise<AdbSocket> {
    options.signal?.throwIfAborted();
    // A call with a deadline or a signal opens its own connection, so both cover the whole of it.
    const prepared = options.signal || options.timeoutMs ? undefined : await this.#takePrepared(serial);
    if (prepared) {
      try {
        return await this.#request(prepared, service);
      } catch {
        // Gone stale while it waited (a server restart, a device that left): the usual path reports why.
        prepared.close();
      }
    }
    const socket = await this.#connect();
    const abort = () => socket.close();
    // A signal aborted while connecting fires no event for a listener added now.
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener("abort", abort, { once: true });
    if (options.timeoutMs) setTimeout(abort, options.timeoutMs).unref();
    try {
      await socket.request(`host:transport:${serial}`);
    } catch (error) {
      socket.close();
      // Connected to a server that was going away (`adb kill-server` while an execution reads its result): the
      // next connection finds it gone and starts a new one.
      if (serverWentAway(error) && serverRetries < SERVER_RETRIES)
        return this.#service(serial, service, options, reconnected, serverRetries + 1);
      if (!(error instanceof AdbFailure)) throw error;
      if (!reconnected && (await this.#reconnect(serial, error)))
        return this.#service(serial, service, options, true, serverRetries);
      throw deviceError(serial, error.message);
    }
    this.#reached.add(serial);
    return this.#request(socket, service);
  }

  /** Opens `service` on a connection switched to its device. */
  async #request(socket: AdbSocket, service: string): Promise<AdbSocket> {
    await socket.request(service);
    if (service.startsWith("shell,v2,")) socket.write(EMPTY_STDIN_PACKET);
    return socket;
  }

  async listDevices(): Promise<Device[]> {
    const socket = await this.#connect();
    try {
      return parseDevices(await socket.query("host:devices-l"));
    } finally {
      socket.close();
    }
  }

  async shell(serial: string, command: string, options: CallOptions = {}): Promise<ShellResult> {
    let socket: AdbSocket;
    try {
      socket = await this.#service(serial, `shell,v2,raw:${command}`, options);
    } catch (error) {
      // Devices before Android 7 have no shell_v2: legacy shell, which reports no exit code.
      if (!(error instanceof AdbFailure)) throw error;
      const legacy = await this.#service(serial, `shell:${command}`, options);
      return { stdout: (await legacy.readAll()).toString("utf8"), stderr: "", exitCode: 0 };
    }
    const decoder = new ShellV2Decoder();
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let exitCode: number | undefined;
    try {
      for (let chunk = await socket.chunk(); chunk && exitCode === undefined; chunk = await socket.chunk()) {
        for (const packet of decoder.push(chunk)) {
          if (packet.id === ShellPacket.stdout) out.push(packet.data);
          else if (packet.id === ShellPacket.stderr) err.push(packet.data);
          else if (packet.id === ShellPacket.exit) exitCode = packet.data[0] ?? 0;
        }
      }
    } finally {
      socket.close();
    }
    if (exitCode === undefined) {
      options.signal?.throwIfAborted();
      throw deviceError(serial, "offline: the device closed the shell before it finished");
    }
    return { stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), exitCode };
  }

  async execOut(serial: string, command: string, options: CallOptions = {}): Promise<Buffer> {
    const socket = await this.#service(serial, `exec:${command}`, options);
    try {
      return await socket.readAll();
    } finally {
      socket.close();
    }
  }

  /** `adb pull` over the server's `sync:` service (STAT, RECV, DATA chunks, DONE or FAIL). */
  async pull(serial: string, remotePath: string, options: PullOptions = {}): Promise<PulledFile> {
    let socket: AdbSocket | undefined;
    try {
      socket = await this.#service(serial, "sync:", options);
      return await syncPull(socket, remotePath, options.maxBytes);
    } catch (error) {
      options.signal?.throwIfAborted();
      if (error instanceof AdbConnectionClosed)
        throw deviceError(serial, "offline: the device closed the file transfer before it finished");
      // A device whose adbd refuses the sync service says so in the FAIL.
      if (error instanceof AdbFailure) throw deviceError(serial, error.message);
      throw error;
    } finally {
      socket?.close();
    }
  }

  logcat(serial: string, args: readonly string[]): LineStream {
    return shellLineStream(this.#service(serial, `shell,v2,raw:${shellCommand(["logcat", ...args])}`));
  }

  install(serial: string, apkPath: string, options: CallOptions = {}): Promise<ShellResult> {
    return this.runAdb(["-s", serial, "install", "-r", apkPath], options);
  }
}
