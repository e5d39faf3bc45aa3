import type { Socket } from "node:net";
import { AdbStream, type StreamTransport } from "./adb-stream.ts";
import { AUTH_SIGNATURE, authChallenge } from "./auth.ts";
import type { DeviceServices } from "../device/device-services.ts";
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_VERSION,
  A_WRTE,
  PacketParser,
  encodePacket,
  type AdbPacket,
} from "./packet.ts";
import { parseServiceRequest } from "./service-request.ts";
import { serveCommand } from "./service-session.ts";
import { serveSync } from "./sync-service.ts";

export interface ConnectionSettings {
  services: DeviceServices;
  banner: () => Buffer;
  maxPayload: number;
  isAuthorized: () => boolean;
  /** The device answered a host's CNXN, with its own CNXN or with an AUTH challenge. */
  onHandshake: () => void;
}

type HandshakeState = "awaiting-connect" | "awaiting-auth" | "online";

/** One TCP connection from an adb server: the handshake, then any number of concurrent streams. */
export class AdbConnection implements StreamTransport {
  private readonly parser: PacketParser;
  private readonly streams = new Map<number, AdbStream>();
  private state: HandshakeState = "awaiting-connect";
  private nextLocalId = 1;
  private peerVersion = A_VERSION;
  private peerMaxPayload: number;
  /** Packets received while the device is unresponsive; `resume()` handles them in order. */
  private held: AdbPacket[] | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly settings: ConnectionSettings,
    unresponsive = false,
  ) {
    if (unresponsive) this.held = [];
    this.parser = new PacketParser(settings.maxPayload);
    this.peerMaxPayload = settings.maxPayload;
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.dropStreams());
  }

  /** A host has said CNXN and been answered (it now lists this device, possibly as `unauthorized`). */
  get greeted(): boolean {
    return this.state !== "awaiting-connect" && !this.socket.destroyed;
  }

  get maxPayload(): number {
    return Math.min(this.settings.maxPayload, this.peerMaxPayload);
  }

  send(packet: AdbPacket): void {
    if (this.socket.destroyed) return;
    // Before version 0x01000001 the peer still verifies payload checksums.
    this.socket.write(encodePacket(packet, this.peerVersion < A_VERSION));
  }

  forget(localId: number): void {
    this.streams.delete(localId);
  }

  /** The user tapped "Allow" on the device: a host waiting for authorization is let in. */
  acceptPendingAuthorization(): void {
    if (this.state === "awaiting-auth") this.goOnline();
  }

  /** The device answers again: packets that arrived while it was silent are handled now. */
  resume(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const packet of held) this.handle(packet);
  }

  /** Drops the transport; running sessions are aborted now, not when the socket finishes closing. */
  destroy(): void {
    this.socket.destroy();
    this.dropStreams();
  }

  private receive(chunk: Buffer): void {
    let packets: AdbPacket[];
    try {
      packets = this.parser.push(chunk);
    } catch {
      this.socket.destroy();
      return;
    }
    for (const packet of packets) {
      if (this.held) this.held.push(packet);
      else this.handle(packet);
    }
  }

  private handle(packet: AdbPacket): void {
    switch (packet.command) {
      case A_CNXN:
        this.handleConnect(packet);
        return;
      case A_AUTH:
        this.handleAuth(packet);
        return;
    }
    if (this.state !== "online") return;
    switch (packet.command) {
      case A_OPEN:
        this.handleOpen(packet);
        break;
      case A_OKAY:
        this.streams.get(packet.arg1)?.handleOkay();
        break;
      case A_WRTE:
        this.streams.get(packet.arg1)?.handleWrite(packet.data);
        break;
      case A_CLSE:
        this.streams.get(packet.arg1)?.handleRemoteClose();
        break;
    }
  }

  private handleConnect(packet: AdbPacket): void {
    // A CNXN on a live connection means the host restarted its side: like adbd, forget every stream.
    this.dropStreams();
    this.peerVersion = Math.min(packet.arg0, A_VERSION);
    this.peerMaxPayload = packet.arg1;
    if (this.settings.isAuthorized()) this.goOnline();
    else {
      this.state = "awaiting-auth";
      this.send(authChallenge());
    }
    this.settings.onHandshake();
  }

  private handleAuth(packet: AdbPacket): void {
    if (this.state !== "awaiting-auth") return;
    if (this.settings.isAuthorized()) {
      this.goOnline();
      return;
    }
    // While unauthorized no signature is trusted: each gets a new challenge until the host runs out of keys
    // and sends its public key, which a phone would show in its "Allow USB debugging?" prompt. We wait.
    if (packet.arg0 === AUTH_SIGNATURE) this.send(authChallenge());
  }

  private goOnline(): void {
    this.state = "online";
    this.send({
      command: A_CNXN,
      arg0: this.peerVersion,
      arg1: this.settings.maxPayload,
      data: this.settings.banner(),
    });
  }

  private handleOpen(packet: AdbPacket): void {
    const remoteId = packet.arg0;
    const service = packet.data.toString("utf8").replace(/\0$/, "");
    const request = parseServiceRequest(service);
    const { files, human } = this.settings.services;
    if (request.kind === "unsupported" || (request.kind === "sync" && !files) || (request.kind === "human" && !human)) {
      this.send({ command: A_CLSE, arg0: 0, arg1: remoteId, data: Buffer.alloc(0) });
      return;
    }
    const stream = new AdbStream(this, this.nextLocalId++, remoteId);
    this.streams.set(stream.localId, stream);
    this.send({ command: A_OKAY, arg0: stream.localId, arg1: remoteId, data: Buffer.alloc(0) });
    if (request.kind === "sync") void serveSync(stream, files!);
    else if (request.kind === "human") {
      stream.write(Buffer.from(human!(request.request), "utf8"));
      stream.end();
    } else void serveCommand(stream, request, this.settings.services);
  }

  private dropStreams(): void {
    for (const stream of [...this.streams.values()]) stream.handleRemoteClose();
  }
}
