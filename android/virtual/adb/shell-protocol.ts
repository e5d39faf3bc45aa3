/** shell_v2 framing inside a stream: 1-byte id, 4-byte little-endian length, data. */

export const SHELL_STDIN = 0;
export const SHELL_STDOUT = 1;
export const SHELL_STDERR = 2;
export const SHELL_EXIT = 3;
export const SHELL_CLOSE_STDIN = 4;
// Id 5 (window size) only matters to a pty with a terminal attached; the virtual device has none.

const SHELL_HEADER_SIZE = 5;

export interface ShellPacket {
  id: number;
  data: Buffer;
}

export function encodeShellPacket(id: number, data: Buffer): Buffer {
  const header = Buffer.allocUnsafe(SHELL_HEADER_SIZE);
  header.writeUInt8(id, 0);
  header.writeUInt32LE(data.length, 1);
  return Buffer.concat([header, data]);
}

/** The largest shell packet data that still fits, header included, in one adb WRTE. */
export function shellDataLimit(maxPayload: number): number {
  return maxPayload - SHELL_HEADER_SIZE;
}

/** Incremental shell_v2 parser: a WRTE may carry several shell packets, or part of one. */
export class ShellPacketParser {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): ShellPacket[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const packets: ShellPacket[] = [];
    while (this.pending.length >= SHELL_HEADER_SIZE) {
      const length = this.pending.readUInt32LE(1);
      if (this.pending.length < SHELL_HEADER_SIZE + length) break;
      packets.push({
        id: this.pending.readUInt8(0),
        data: this.pending.subarray(SHELL_HEADER_SIZE, SHELL_HEADER_SIZE + length),
      });
      this.pending = this.pending.subarray(SHELL_HEADER_SIZE + length);
    }
    return packets;
  }
}
