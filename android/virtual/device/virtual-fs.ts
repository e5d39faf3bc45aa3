import { posix } from "node:path";

/** Where shell users may write: shared storage (behind its /sdcard aliases) and /data/local/tmp. */
const EXTERNAL_STORAGE = "/storage/emulated/0";
const STORAGE_ALIASES = ["/sdcard", "/storage/self/primary", "/mnt/sdcard"];
const WRITABLE = [`${EXTERNAL_STORAGE}/`, "/data/local/tmp/"];

export type WriteFailure = "Read-only file system" | "Permission denied" | "Is a directory";

/**
 * The few files a shell session creates and reads back (`uiautomator dump`, `screencap <file>`, `> file`, `cat`).
 * Paths are absolute or relative to `/`; /sdcard and its aliases name the same files.
 */
export class VirtualFileSystem {
  readonly #files = new Map<string, Buffer>();

  read(path: string): Buffer | undefined {
    return this.#files.get(canonicalPath(path));
  }

  /** Writes (or appends to) a file; returns why it cannot, as the shell words it. */
  write(path: string, data: Buffer, append = false): WriteFailure | undefined {
    const canonical = canonicalPath(path);
    if (isDirectory(canonical)) return "Is a directory";
    if (!WRITABLE.some((root) => canonical.startsWith(root))) {
      return canonical.startsWith("/data/") ? "Permission denied" : "Read-only file system";
    }
    const previous = append ? this.#files.get(canonical) : undefined;
    this.#files.set(canonical, previous ? Buffer.concat([previous, data]) : data);
    return undefined;
  }

  isDirectory(path: string): boolean {
    const canonical = canonicalPath(path);
    if (isDirectory(canonical)) return true;
    const prefix = `${canonical}/`;
    for (const file of this.#files.keys()) if (file.startsWith(prefix)) return true;
    return false;
  }
}

function isDirectory(canonical: string): boolean {
  return (
    canonical === "/" ||
    canonical === EXTERNAL_STORAGE ||
    [...WRITABLE, "/data/", "/system/", "/storage/"].some((root) => root === `${canonical}/`)
  );
}

export function canonicalPath(path: string): string {
  const normal = posix.normalize(posix.join("/", path));
  const trimmed = normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
  for (const alias of STORAGE_ALIASES) {
    if (trimmed === alias || trimmed.startsWith(`${alias}/`)) return EXTERNAL_STORAGE + trimmed.slice(alias.length);
  }
  return trimmed;
}
