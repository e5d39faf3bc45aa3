import { closeSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * Cryptographically random bytes, read from the kernel's generator (/dev/urandom) where there is one, else from
 * node:crypto. Every CLI start needs a few (execution ids, the dispatch nonce), and importing node:crypto for them
 * loads its whole module family at every command's start-up.
 */
export function randomBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let fd: number | undefined;
  try {
    fd = openSync("/dev/urandom", "r");
    for (let filled = 0; filled < size; ) {
      const read = readSync(fd, bytes, filled, size - filled, null);
      if (read <= 0) throw new Error("/dev/urandom gave no bytes");
      filled += read;
    }
    return bytes;
  } catch {
    const crypto = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
    return crypto.randomBytes(size);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export const randomHex = (size: number): string => randomBytes(size).toString("hex");

/** A random (version 4, RFC 9562) UUID, as crypto.randomUUID makes one. */
export function randomUuid(): string {
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
