import { createServer, type Server, type Socket } from "node:net";
import { EventEmitter, once } from "node:events";
import { AdbConnection } from "./adb-connection.ts";
import { DEFAULT_FEATURES, SYNC_FEATURES, connectBanner } from "./banner.ts";
import type { DeviceServices } from "../device/device-services.ts";

export interface AdbDeviceServerOptions {
  /** `false`: answer every host with AUTH challenges and never accept it, so adb lists it `unauthorized`. */
  authorized?: boolean;
  /**
   * Features in the CNXN banner (default: what the services implement); drop `shell_v2` to make adb fall back to
   * the legacy `shell:` service, or the sync ones to make it use STAT and LIST.
   */
  features?: readonly string[];
  /** Largest payload we accept and send (the client's own limit is respected too). */
  maxPayload?: number;
}

const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

/** A TCP listener that the real adb server sees as an Android device (`adb connect`, or emulator mode). */
export class AdbDeviceServer extends EventEmitter<{ handshake: [] }> {
  private server: Server | undefined;
  private readonly connections = new Set<AdbConnection>();
  private authorized: boolean;
  private offline = false;
  private readonly features: readonly string[];
  private readonly maxPayload: number;

  constructor(
    private readonly services: DeviceServices,
    options: AdbDeviceServerOptions = {},
  ) {
    super();
    this.authorized = options.authorized ?? true;
    this.features = options.features ?? (services.files ? [...DEFAULT_FEATURES, ...SYNC_FEATURES] : DEFAULT_FEATURES);
    this.maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD;
  }

  /** Starts listening; resolves with the bound port (pass 0 or nothing for a free one). */
  async listen(port = 0, host = "127.0.0.1"): Promise<number> {
    if (this.server) throw new Error("AdbDeviceServer is already listening");
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    server.listen(port, host);
    try {
      await once(server, "listening");
    } catch (error) {
      this.server = undefined;
      throw error;
    }
    return this.port!;
  }

  get port(): number | undefined {
    const address = this.server?.address();
    return address && typeof address === "object" ? address.port : undefined;
  }

  /** Stops listening, drops every connection and aborts every running session. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const connection of this.connections) connection.destroy();
    this.connections.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once an adb server is connected and has been answered (at once if one already is). */
  async hostConnected(): Promise<void> {
    if ([...this.connections].some((connection) => connection.greeted)) return;
    await once(this, "handshake");
  }

  /** `true` is like tapping "Allow" on the phone's prompt: hosts waiting for authorization come online. */
  setAuthorized(authorized: boolean): void {
    this.authorized = authorized;
    if (authorized) for (const connection of this.connections) connection.acceptPendingAuthorization();
  }

  /**
   * The device stops answering, as a hung adbd does. Every live transport is dropped (running sessions are
   * aborted) and new connections are accepted but never answered. What adb 29 then shows (verified):
   * - a device added with `adb connect`: `offline` at once. The adb server reconnects in the background and
   *   its new connection waits for our CNXN, so the device stays `offline` until `goOnline()`, which answers
   *   it and brings the device back without a new `adb connect`. (Were connections refused instead, adb
   *   would give up and drop the device after about a minute of attempts.)
   * - an emulator: dropped from the list within a moment; adb never reconnects emulators, so it only comes
   *   back when registered again (`registerEmulator`) or found by a server that starts later.
   */
  goOffline(): void {
    this.offline = true;
    for (const connection of this.connections) connection.destroy();
    this.connections.clear();
  }

  /** The device answers again: a connection adb opened while it was silent completes its handshake now. */
  goOnline(): void {
    this.offline = false;
    for (const connection of this.connections) connection.resume();
  }

  private accept(socket: Socket): void {
    const settings = {
      services: this.services,
      banner: () => connectBanner(this.services, this.features),
      maxPayload: this.maxPayload,
      isAuthorized: () => this.authorized,
      onHandshake: () => this.emit("handshake"),
    };
    const connection = new AdbConnection(socket, settings, this.offline);
    this.connections.add(connection);
    socket.on("close", () => this.connections.delete(connection));
  }
}
