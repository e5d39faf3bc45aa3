import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
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

/** The same, written piece by piece by `write` (a step log far larger than memory should hold at once). */
export function writePrivateFileWith(path: string, write: (append: (text: string) => void) => void): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(path), `.${randomBytes(6).toString("hex")}.partial`);
  try {
    const fd = openSync(temporary, "wx", 0o600);
    try {
      write((text) => writeSync(fd, text));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
