import type { LineStream } from "../../../core/services/transport.ts";
import type { AdbSocket } from "../../../android/adb/adb-socket.ts";
import { ShellPacket, ShellV2Decoder } from "../../../android/adb/shell-v2.ts";

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
    let partial = "";
    try {
      for (let chunk = await socket!.chunk(); chunk && !closed; chunk = await socket!.chunk()) {
        for (const packet of decoder.push(chunk)) {
          if (packet.id === ShellPacket.exit) return;
          if (packet.id !== ShellPacket.stdout) continue;
          const parts = (partial + packet.data.toString("utf8")).split("\n");
          partial = parts.pop()!;
          for (const line of parts) yield line.endsWith("\r") ? line.slice(0, -1) : line;
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
