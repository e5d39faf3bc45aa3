import { createHash } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { randomHex } from "../../../core/host/random.ts";
import { transferFailure } from "./guarded-fetch.ts";

/** Where the bytes go: a FileHandle, or a stand-in for a disk that fails. */
export interface FileSink {
  write(chunk: Uint8Array): Promise<unknown>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export type OpenSink = (path: string, mode: number) => Promise<FileSink>;

/** A new file only (`wx`): never one planted at the temporary name, nor a symlink's target. */
const openExclusive: OpenSink = (path, mode) => open(path, "wx", mode);

const WHY: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOENT: "the folder does not exist",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder",
};

/** A write that failed on this machine, named by its cause. */
export function writeFailure(path: string, error: unknown): ClawperatorError {
  if (error instanceof ClawperatorError) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  const why = (code && WHY[code]) ?? (error as Error).message;
  return new ClawperatorError("OPERATOR_DOWNLOAD_WRITE_FAILED", `could not write ${path}: ${why}`, {
    hint:
      code === "ENOSPC" || code === "EDQUOT"
        ? "Free some disk space, then retry; nothing was kept."
        : "Choose a writable --out path (or fix the permissions of ~/.clawperator/downloads), then retry.",
    details: { path, ...(code ? { cause: code } : {}) },
    cause: error,
  });
}

export interface WriteVerifiedOptions {
  chunks: AsyncIterable<Uint8Array>;
  /** Where the file ends up, only once its hash is the expected one. */
  target: string;
  /** Lower-case hex SHA-256 the bytes must have. */
  expected: string;
  /** The length the server announced, when it did: fewer bytes is a download cut off. */
  expectedBytes?: number;
  mode: number;
  source: URL;
  onBytes?: (received: number) => void;
  openSink?: OpenSink;
}

/**
 * Streams the download into a temporary file beside the target, hashing as it goes, and renames it into place
 * only when it is complete and its SHA-256 is the expected one. On any failure the temporary file is removed and
 * the target left as it was: nothing half-written or unverified ever carries the final name.
 */
export async function writeVerified(options: WriteVerifiedOptions): Promise<{ bytes: number }> {
  const { target, source } = options;
  const temporary = join(dirname(target), `.${basename(target)}.${randomHex(8)}.part`);
  let sink: FileSink | undefined;
  try {
    sink = await (options.openSink ?? openExclusive)(temporary, options.mode).catch((error: unknown) => {
      throw writeFailure(target, error);
    });
    const hash = createHash("sha256");
    let bytes = 0;
    const iterator = options.chunks[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        const name = (error as Error)?.name;
        if (name === "AbortError" || name === "TimeoutError") throw transferFailure(source, "the Operator APK", error);
        throw cutOff(source, bytes, error);
      }
      if (next.done) break;
      hash.update(next.value);
      await sink.write(next.value).catch((error: unknown) => {
        throw writeFailure(target, error);
      });
      bytes += next.value.byteLength;
      options.onBytes?.(bytes);
    }
    if (options.expectedBytes !== undefined && bytes !== options.expectedBytes) throw cutOff(source, bytes);
    const actual = hash.digest("hex");
    if (actual !== options.expected) {
      throw new ClawperatorError(
        "OPERATOR_CHECKSUM_MISMATCH",
        `the Operator APK from ${source.href} does not match its checksum: expected SHA-256 ${options.expected}, got ${actual}`,
        {
          hint: "The file was deleted and nothing was installed. Retry; if it happens again, the download server or the network path to it is serving something else.",
          details: { url: source.href, expectedSha256: options.expected, actualSha256: actual, bytes },
        },
      );
    }
    await sink.sync().catch((error: unknown) => {
      throw writeFailure(target, error);
    });
    await sink.close();
    sink = undefined;
    await rename(temporary, target).catch((error: unknown) => {
      throw writeFailure(target, error);
    });
    return { bytes };
  } finally {
    await sink?.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}

function cutOff(source: URL, bytes: number, cause?: unknown): ClawperatorError {
  return new ClawperatorError(
    "OPERATOR_DOWNLOAD_FAILED",
    `the download of the Operator APK from ${source.href} was cut off after ${bytes} bytes`,
    {
      hint: "Retry; the partial file was deleted and nothing was installed.",
      details: { url: source.href, reason: "truncated", bytes },
      ...(cause === undefined ? {} : { cause }),
    },
  );
}
