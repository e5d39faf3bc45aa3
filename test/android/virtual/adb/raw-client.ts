import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { A_CNXN, PacketParser, encodePacket, type AdbPacket } from "../../../../android/virtual/adb/packet.ts";

/** A bare adb host speaking packets to a device port directly, to observe the wire without the adb server. */
export class RawAdbClient {
  private readonly received: AdbPacket[] = [];
  private readonly waiters: Array<() => void> = [];
  private readonly parser = new PacketParser(16 * 1024 * 1024);
  /** Every byte the device sent, for looking at header fields the parser does not keep (checksums). */
  readonly raw: Buffer[] = [];

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      this.raw.push(chunk);
      this.received.push(...this.parser.push(chunk));
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on("close", () => {
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(port: number): Promise<RawAdbClient> {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    return new RawAdbClient(socket);
  }

  get closed(): boolean {
    return this.socket.destroyed || this.socket.readableEnded;
  }

  send(
    command: number,
    arg0: number,
    arg1: number,
    data: Buffer | string = Buffer.alloc(0),
    withChecksum = false,
  ): void {
    this.socket.write(encodePacket({ command, arg0, arg1, data: Buffer.from(data) }, withChecksum));
  }

  /** CNXN as adb 29 sends it; resolves with the device's answer. */
  async hello(maxPayload = 1024 * 1024, version = 0x01000001): Promise<AdbPacket> {
    this.send(A_CNXN, version, maxPayload, "host::features=shell_v2,cmd\0");
    return this.next();
  }

  /** The next packet from the device; rejects if the connection closes first. */
  async next(): Promise<AdbPacket> {
    for (;;) {
      const packet = this.received.shift();
      if (packet) return packet;
      if (this.closed) throw new Error("connection closed");
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Packets already received and not yet taken, without waiting. */
  pending(): AdbPacket[] {
    return [...this.received];
  }

  close(): void {
    this.socket.destroy();
  }
}
