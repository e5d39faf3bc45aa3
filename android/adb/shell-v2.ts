/** shell_v2 packet ids (docs/protocol.md#the-adb-wire-protocol). */
export const ShellPacket = { stdin: 0, stdout: 1, stderr: 2, exit: 3, closeStdin: 4, windowSize: 5 } as const;

/**
 * An empty stdin packet: sent right after a shell_v2 service opens, it carries the TCP ACK for the server's
 * OKAY. Without it the adb server's first output write waits behind Nagle's algorithm for the host's delayed
 * ACK (about 40 ms on Linux) whenever the command keeps running, as logcat does. adbd writes nothing for it.
 */
export const EMPTY_STDIN_PACKET = Buffer.from([ShellPacket.stdin, 0, 0, 0, 0]);

export interface ShellPacketEvent {
  id: number;
  data: Buffer;
}

/** Splits a shell_v2 byte stream (1-byte id, 4-byte LE length, data) into packets; keeps partial ones. */
export class ShellV2Decoder {
  #pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): ShellPacketEvent[] {
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    const packets: ShellPacketEvent[] = [];
    while (this.#pending.length >= 5) {
      const length = this.#pending.readUInt32LE(1);
      if (this.#pending.length < 5 + length) break;
      packets.push({ id: this.#pending[0]!, data: this.#pending.subarray(5, 5 + length) });
      this.#pending = this.#pending.subarray(5 + length);
    }
    return packets;
  }
}
