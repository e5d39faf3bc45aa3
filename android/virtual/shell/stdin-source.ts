import type { Readable } from "node:stream";

/** A command's standard input: the adb stream, a file (`< file`) or nothing (`< /dev/null`). */
export interface StdinSource {
  /** Up to n bytes: fewer only when the input ends first. */
  read(n: number, signal: AbortSignal): Promise<Buffer>;
  /** Everything until the input ends. */
  readAll(signal: AbortSignal): Promise<Buffer>;
}

export function bufferStdin(data: Buffer): StdinSource {
  let offset = 0;
  const take = (n: number) => {
    const chunk = data.subarray(offset, offset + n);
    offset += chunk.length;
    return chunk;
  };
  return {
    read: async (n) => take(n),
    readAll: async () => take(data.length),
  };
}

/**
 * Reads the session's stream in paused mode, so bytes beyond what a command asked for stay for the next command
 * (and an install announcing n bytes never waits for an end the client may never send).
 */
export function streamStdin(stream: Readable): StdinSource {
  let ended = stream.readableEnded;
  stream.once("end", () => (ended = true));

  const read = (limit: number, signal: AbortSignal): Promise<Buffer> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (error?: unknown) => {
        stream.off("readable", pump);
        stream.off("end", pump);
        signal.removeEventListener("abort", onAbort);
        if (error) reject(error);
        else resolve(Buffer.concat(chunks));
      };
      const onAbort = () => finish(signal.reason);
      function pump(): void {
        while (size < limit) {
          const chunk = stream.read() as Buffer | string | null;
          if (chunk === null) break;
          let bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
          if (size + bytes.length > limit) {
            stream.unshift(bytes.subarray(limit - size));
            bytes = bytes.subarray(0, limit - size);
          }
          chunks.push(bytes);
          size += bytes.length;
        }
        if (size >= limit || ended || stream.readableEnded) finish();
      }
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      stream.on("readable", pump);
      stream.on("end", pump);
      pump();
    });

  return {
    read,
    readAll: (signal) => read(Number.POSITIVE_INFINITY, signal),
  };
}
