import { randomHex } from "../../../core/host/random.ts";
// fs.promises, read when a screenshot is written: node:fs/promises (with node:readline) would slow every command
// that loads this module at start-up.
import { promises as fs } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ScreenshotFailure, type ScreenshotTarget } from "./screenshot-target.ts";

/** Why a write failed, in words, for the errno codes a screenshot path meets. */
const REASONS: Readonly<Record<string, string>> = {
  ENOENT: "its directory does not exist",
  ENOTDIR: "a part of the path is not a directory",
  EISDIR: "it is a directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is exceeded",
  EFBIG: "the file would be too large",
  EIO: "an I/O error occurred",
};

function failed(path: string, error: unknown): ScreenshotFailure {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  return new ScreenshotFailure(
    "SCREENSHOT_WRITE_FAILED",
    `${path} could not be written: ${REASONS[code] ?? (error as Error).message}${code ? ` (${code})` : ""}`,
  );
}

/**
 * Writes the PNG. A file is written aside (created exclusively, 0600: a screen may show secrets) and renamed
 * into place, so a reader never sees half an image, a failed write leaves the old file as it was, and a
 * symlink planted at the path is replaced rather than followed. A device or FIFO a person named is written as is.
 */
export async function writeScreenshot(target: ScreenshotTarget, png: Uint8Array): Promise<void> {
  if (target.kind === "stream") {
    try {
      await fs.writeFile(target.path, png);
    } catch (error) {
      throw failed(target.path, error);
    }
    return;
  }
  const aside = join(dirname(target.path), `.${basename(target.path)}.${process.pid}.${randomHex(4)}.tmp`);
  try {
    await fs.writeFile(aside, png, { flag: "wx", mode: 0o600 });
    await fs.rename(aside, target.path);
  } catch (error) {
    await fs.rm(aside, { force: true });
    throw failed(target.path, error);
  }
}
