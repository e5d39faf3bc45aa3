import { randomBytes } from "node:crypto";
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Writes a file only its owner can read (recordings show what was on a person's screen): into a new temporary
 * file beside it, then renamed over the path, so a symlink or another user's file planted at the path is replaced,
 * never written through. Missing directories are created private.
 */
export function writePrivateFile(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(path), `.${randomBytes(6).toString("hex")}.partial`);
  try {
    writeFileSync(temporary, data, { mode: 0o600, flag: "wx" });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** A file's text, or `tooLarge` when it holds more than `maxBytes` (checked on the open file, before reading it). */
export function readBoundedText(path: string, maxBytes: number): string | { tooLarge: number } {
  const fd = openSync(path, "r");
  try {
    const { size } = fstatSync(fd);
    if (size > maxBytes) return { tooLarge: size };
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.toString("utf8", 0, read);
  } finally {
    closeSync(fd);
  }
}
