import type { LineStream } from "../../../core/services/transport.ts";
import type { AdbSocket } from "../../../android/adb/adb-socket.ts";
import { ShellPacket, ShellV2Decoder } from "../../../android/adb/shell-v2.ts";

/**
 * Cuts stdout bytes into lines and decodes each line on its own: a character whose bytes arrive in two packets
 * stays whole, and a line of plain ASCII stays a one-byte string (decoding a whole 200 KB chunk that holds some
 * CJK text made every line two-byte and cost six times as much as decoding line by line).
 */
export class LineSplitter {
  #pending: Buffer[] = [];

  push(data: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = data.indexOf(10); end >= 0; end = data.indexOf(10, start)) {
      let bytes = data;
      let from = start;
      let to = end;
      if (this.#pending.length > 0) {
        bytes = Buffer.concat([...this.#pending, data.subarray(start, end)]);
        this.#pending = [];
        from = 0;
        to = bytes.length;
      }
      if (to > from && bytes[to - 1] === 13) to--;
      lines.push(bytes.toString("utf8", from, to));
      start = end + 1;
    }
    if (start < data.length) this.#pending.push(data.subarray(start));
    return lines;
  }
}

/** Lines of a shell_v2 service's stdout; closing it closes the stream on the device too (CLSE). */
export function shellLineStream(open: Promise<AdbSocket>): LineStream {
  let socket: AdbSocket | undefined;
  let closed = false;
  const ready = open.then((s) => {
    socket = s;
    if (closed) s.close();
  });

  async function* lines(): AsyncGenerator<string> {
    await ready;
    const decoder = new ShellV2Decoder();
    const splitter = new LineSplitter();
    try {
      for (let chunk = await socket!.chunk(); chunk && !closed; chunk = await socket!.chunk()) {
        for (const packet of decoder.push(chunk)) {
          if (packet.id === ShellPacket.exit) return;
          if (packet.id !== ShellPacket.stdout) continue;
          yield* splitter.push(packet.data);
        }
      }
    } finally {
      socket?.close();
    }
  }

  const iterator = lines();
  return {
    ready,
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      closed = true;
      socket?.close();
      await iterator.return(undefined);
    },
  };
}
