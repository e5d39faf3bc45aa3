import { A_CLSE, A_OKAY, A_WRTE, type AdbPacket } from "./packet.ts";

/** What a stream needs from its connection. */
export interface StreamTransport {
  send(packet: AdbPacket): void;
  /** Effective max payload of the connection: the smaller of ours and the client's. */
  readonly maxPayload: number;
  forget(localId: number): void;
}

/**
 * The device end of one adb stream. Outgoing data is sent one WRTE at a time: the next WRTE goes out only after
 * the client OKAYed the previous one (adb's per-stream flow control). What was written meanwhile goes out
 * together, up to the max payload, as adbd sends what it read from a pipe: one WRTE per written piece made a
 * 500-line logcat burst (a big snapshot) cost 500 round trips through the adb server.
 */
export class AdbStream {
  private readonly queue: Buffer[] = [];
  private awaitingOkay = false;
  private closing = false;
  private closed = false;
  private readonly aborter = new AbortController();
  /** Called with the payload of every WRTE the client sends; it must call `ack` once it can take more. */
  onData: (data: Buffer, ack: () => void) => void = (_data, ack) => ack();

  constructor(
    private readonly transport: StreamTransport,
    readonly localId: number,
    readonly remoteId: number,
  ) {}

  /** Aborted when the client closes the stream or the connection goes away; never after our own close. */
  get signal(): AbortSignal {
    return this.aborter.signal;
  }

  get maxPayload(): number {
    return this.transport.maxPayload;
  }

  get isOpen(): boolean {
    return !this.closed && !this.closing;
  }

  write(data: Buffer): void {
    if (!this.isOpen || data.length === 0) return;
    this.queue.push(data);
    this.pump();
  }

  /** Close from the device side once everything queued has been sent. */
  end(): void {
    if (!this.isOpen) return;
    this.closing = true;
    this.pump();
  }

  handleOkay(): void {
    this.awaitingOkay = false;
    this.pump();
  }

  handleWrite(data: Buffer): void {
    if (this.closed) return;
    let acked = false;
    this.onData(data, () => {
      if (acked || this.closed) return;
      acked = true;
      this.transport.send({ command: A_OKAY, arg0: this.localId, arg1: this.remoteId, data: Buffer.alloc(0) });
    });
  }

  /** The client sent CLSE, or the connection dropped: stop everything, send nothing more. */
  handleRemoteClose(): void {
    if (this.closed) return;
    this.finish();
    this.aborter.abort();
  }

  private pump(): void {
    if (this.closed) return;
    const next = this.awaitingOkay ? undefined : this.takePayload();
    if (next) {
      this.awaitingOkay = true;
      this.transport.send({ command: A_WRTE, arg0: this.localId, arg1: this.remoteId, data: next });
    }
    // adbd closes right behind its last WRTE without waiting for that WRTE's OKAY; packets arrive in order.
    if (this.closing && this.queue.length === 0) {
      this.transport.send({ command: A_CLSE, arg0: this.localId, arg1: this.remoteId, data: Buffer.alloc(0) });
      this.finish();
    }
  }

  /** The queued bytes that fit in one WRTE, in order. */
  private takePayload(): Buffer | undefined {
    if (this.queue.length === 0) return undefined;
    const max = this.transport.maxPayload;
    const parts: Buffer[] = [];
    let size = 0;
    while (this.queue.length > 0 && size < max) {
      const head = this.queue[0]!;
      const room = max - size;
      if (head.length <= room) {
        parts.push(this.queue.shift()!);
        size += head.length;
      } else {
        parts.push(head.subarray(0, room));
        this.queue[0] = head.subarray(room);
        size = max;
      }
    }
    return parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
  }

  private finish(): void {
    this.closed = true;
    this.queue.length = 0;
    this.transport.forget(this.localId);
  }
}
