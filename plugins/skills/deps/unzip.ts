import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

/** What the files of one zip may add up to once extracted (a bound on zip bombs). */
const MAX_EXTRACTED_BYTES = 1_073_741_824;

const failed = (message: string) => new ClawperatorError("SKILL_INSTALL_FAILED", message);

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function open(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) =>
      error || !zip ? reject(failed(`not a zip archive: ${error?.message}`)) : resolve(zip),
    ),
  );
}

/**
 * Extracts a zip into `dir` (yauzl, which refuses absolute and `..` names itself): no symlinks, names with their
 * first `strip` parts removed, modes clamped to 0755 / 0644, at most MAX_EXTRACTED_BYTES in all.
 */
export async function extractZip(file: string, dir: string, strip: number): Promise<void> {
  const zip = await open(file);
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(error instanceof ClawperatorError ? error : failed(`zip extraction failed: ${(error as Error).message}`));
    };
    zip.on("error", fail);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: yauzl.Entry) => {
      const mode = (entry.externalFileAttributes >>> 16) & 0o177777;
      if ((mode & S_IFMT) === S_IFLNK) return fail(failed(`the archive holds a symlink (${entry.fileName})`));
      const parts = entry.fileName.split("/").filter(Boolean);
      if (parts.includes("..") || entry.fileName.includes("\\"))
        return fail(failed(`the archive names a path leaving it (${entry.fileName})`));
      const kept = parts.slice(strip);
      if (kept.length === 0) return zip.readEntry();
      const target = join(dir, ...kept);
      if (entry.fileName.endsWith("/")) {
        mkdir(target, { recursive: true, mode: 0o755 }).then(() => zip.readEntry(), fail);
        return;
      }
      total += entry.uncompressedSize;
      if (total > MAX_EXTRACTED_BYTES) return fail(failed(`the archive extracts to over ${MAX_EXTRACTED_BYTES} bytes`));
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error ?? new Error("no stream"));
        mkdir(dirname(target), { recursive: true, mode: 0o755 })
          .then(() => pipeline(stream, createWriteStream(target, { mode: mode & 0o111 ? 0o755 : 0o644, flags: "wx" })))
          .then(() => zip.readEntry(), fail);
      });
    });
    zip.readEntry();
  });
}
