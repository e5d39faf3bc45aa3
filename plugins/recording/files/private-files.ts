import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
