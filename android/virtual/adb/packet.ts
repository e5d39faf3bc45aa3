/** adb transport packets: a 24-byte little-endian header followed by `dataLength` bytes of payload. */

export const A_CNXN = 0x4e584e43;
export const A_AUTH = 0x48545541;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_WRTE = 0x45545257;
export const A_CLSE = 0x45534c43;

/** Protocol version that lets both sides skip payload checksums. */
export const A_VERSION = 0x01000001;

const HEADER_SIZE = 24;

export interface AdbPacket {
  command: number;
  arg0: number;
  arg1: number;
  data: Buffer;
}

const KNOWN_COMMANDS = new Set([A_CNXN, A_AUTH, A_OPEN, A_OKAY, A_WRTE, A_CLSE]);

export function checksum(data: Buffer): number {
  let sum = 0;
  for (const byte of data) sum += byte;
  return sum >>> 0;
}

export function encodePacket(packet: AdbPacket, withChecksum = false): Buffer {
  const header = Buffer.allocUnsafe(HEADER_SIZE);
  header.writeUInt32LE(packet.command >>> 0, 0);
  header.writeUInt32LE(packet.arg0 >>> 0, 4);
  header.writeUInt32LE(packet.arg1 >>> 0, 8);
  header.writeUInt32LE(packet.data.length, 12);
  header.writeUInt32LE(withChecksum ? checksum(packet.data) : 0, 16);
  header.writeUInt32LE((packet.command ^ 0xffffffff) >>> 0, 20);
  return packet.data.length === 0 ? header : Buffer.concat([header, packet.data]);
}

export class AdbProtocolError extends Error {
  override name = "AdbProtocolError";
}

/**
 * Incremental parser for a TCP byte stream. Feed it chunks as they arrive; it returns whole packets.
 * A bad magic, unknown command or oversized payload throws: the stream cannot be resynchronised, so the
 * connection must be dropped (real adbd does the same).
 */
export class PacketParser {
  private buffered: Buffer[] = [];
  private bufferedLength = 0;

  constructor(private readonly maxDataLength: number) {}

  push(chunk: Buffer): AdbPacket[] {
    this.buffered.push(chunk);
    this.bufferedLength += chunk.length;
    const packets: AdbPacket[] = [];
    while (this.bufferedLength >= HEADER_SIZE) {
      if (this.buffered[0]!.length < HEADER_SIZE) this.flatten();
      const head = this.buffered[0]!;
      const command = head.readUInt32LE(0);
      const dataLength = head.readUInt32LE(12);
      if (!KNOWN_COMMANDS.has(command) || head.readUInt32LE(20) !== (command ^ 0xffffffff) >>> 0) {
        throw new AdbProtocolError(`bad packet header ${head.subarray(0, HEADER_SIZE).toString("hex")}`);
      }
      if (dataLength > this.maxDataLength) {
        throw new AdbProtocolError(`packet payload of ${dataLength} bytes exceeds the limit of ${this.maxDataLength}`);
      }
      const total = HEADER_SIZE + dataLength;
      // Wait for the whole payload before copying, so a large WRTE arriving in many chunks is joined once.
      if (this.bufferedLength < total) break;
      this.flatten();
      const all = this.buffered[0]!;
      packets.push({
        command,
        arg0: all.readUInt32LE(4),
        arg1: all.readUInt32LE(8),
        data: Buffer.from(all.subarray(HEADER_SIZE, total)),
      });
      const rest = all.subarray(total);
      this.buffered = rest.length > 0 ? [rest] : [];
      this.bufferedLength = rest.length;
    }
    return packets;
  }

  private flatten(): void {
    if (this.buffered.length > 1) this.buffered = [Buffer.concat(this.buffered, this.bufferedLength)];
  }
}
