import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** What a bounded read found: the bytes, or that there are more than the limit (with the size when a file tells). */
export type BoundedRead = { bytes: Buffer } | { tooLarge: true; size?: number };

/**
 * The file's bytes, at most `limit` of them: a regular file larger than that is refused from its size without a
 * byte read, and anything else (a device such as /dev/zero, a FIFO) is read until it ends or passes the limit.
 * Memory stays at the limit whatever the path names. Errors of opening or reading (ENOENT, EISDIR, ...) are thrown.
 */
export function readFileBounded(path: string, limit: number): BoundedRead {
  const fd = openSync(path, "r");
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > limit) return { tooLarge: true, size: stat.size };
    const buffer = Buffer.allocUnsafe(limit + 1);
    let length = 0;
    while (length <= limit) {
      const n = readSync(fd, buffer, length, limit + 1 - length, null);
      if (n === 0) break;
      length += n;
    }
    return length > limit ? { tooLarge: true } : { bytes: buffer.subarray(0, length) };
  } finally {
    closeSync(fd);
  }
}

/** A stream's bytes, at most `limit` of them; past the limit the stream is destroyed (its writer sees a closed pipe). */
export async function readStreamBounded(
  stream: NodeJS.ReadableStream & { destroy(): void },
  limit: number,
): Promise<BoundedRead> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    length += bytes.length;
    if (length > limit) {
      stream.destroy();
      return { tooLarge: true };
    }
    chunks.push(bytes);
  }
  return { bytes: Buffer.concat(chunks, length) };
}
