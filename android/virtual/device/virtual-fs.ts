import { posix } from "node:path";
import type { Errno } from "./errno.ts";

/** Shared storage (behind its /sdcard aliases) and /data/local/tmp: where the shell user and apps may write. */
const EXTERNAL_STORAGE = "/storage/emulated/0";
const STORAGE_ALIASES = ["/sdcard", "/storage/self/primary", "/mnt/sdcard"];
const WRITABLE = [EXTERNAL_STORAGE, "/data/local/tmp"];
/** Directories the shell user may enter but not list. */
const UNLISTABLE = new Set(["/data", "/data/local"]);

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

export const UID = { root: 0, system: 1000, sdcardRw: 1015, shell: 2000 } as const;

export interface FileStat {
  type: "file" | "dir" | "link";
  /** st_mode: type bits and permissions. */
  mode: number;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
  uid: number;
  gid: number;
  ino: number;
  nlink: number;
}

export interface DirectoryEntry {
  name: string;
  stat: FileStat;
}

/** An open file: writes land in it even if its name has since been removed, as with a file descriptor. */
export interface FileHandle {
  append(data: Buffer): void;
}

interface Node {
  kind: "file" | "dir";
  perms: number;
  uid: number;
  gid: number;
  mtime: number;
  ino: number;
  /** File content, kept as the pieces appended until it is read (a recording grows by many small writes). */
  chunks: Buffer[];
  size: number;
}

/** Directories a fresh device has, with their permissions and owners. */
const BUILT_IN: ReadonlyArray<readonly [path: string, perms: number, uid: number, gid: number]> = [
  ["/", 0o755, UID.root, UID.root],
  ["/data", 0o771, UID.system, UID.system],
  ["/data/local", 0o751, UID.root, UID.root],
  ["/data/local/tmp", 0o771, UID.shell, UID.shell],
  ["/system", 0o755, UID.root, UID.root],
  ["/system/bin", 0o755, UID.root, UID.root],
  ["/storage", 0o755, UID.root, UID.root],
  ["/storage/emulated", 0o771, UID.root, UID.sdcardRw],
  ...["", "/Android", "/Android/data", "/Android/media", "/DCIM", "/Download", "/Documents", "/Music", "/Pictures"].map(
    (sub) => [`${EXTERNAL_STORAGE}${sub}`, 0o771, UID.root, UID.sdcardRw] as const,
  ),
];

export function canonicalPath(path: string): string {
  const normal = posix.normalize(posix.join("/", path));
  const trimmed = normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
  for (const alias of STORAGE_ALIASES) {
    if (trimmed === alias || trimmed.startsWith(`${alias}/`)) return EXTERNAL_STORAGE + trimmed.slice(alias.length);
  }
  return trimmed;
}

/** The path as given, normalized, before aliases resolve: what lstat looks at. */
const literalPath = (path: string): string => {
  const normal = posix.normalize(posix.join("/", path));
  return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
};

const inStorage = (canonical: string) => canonical === EXTERNAL_STORAGE || canonical.startsWith(`${EXTERNAL_STORAGE}/`);

/**
 * The device's files as the shell user (and adbd, and apps writing their external files) see them: a tree of
 * directories and files with permissions, owners and times. Paths are absolute or relative to `/`; /sdcard and
 * its aliases are symbolic links to /storage/emulated/0.
 */
export class VirtualFileSystem {
  readonly #nodes = new Map<string, Node>();
  #nextIno = 1;

  constructor(private readonly now: () => number = Date.now) {
    for (const [path, perms, uid, gid] of BUILT_IN) this.#nodes.set(path, this.#node("dir", perms, uid, gid));
  }

  read(path: string): Buffer | undefined {
    const node = this.#nodes.get(canonicalPath(path));
    return node?.kind === "file" ? contentOf(node) : undefined;
  }

  isDirectory(path: string): boolean {
    return this.#nodes.get(canonicalPath(path))?.kind === "dir";
  }

  /** Why a file cannot be read: ENOENT, ENOTDIR or EISDIR; undefined when it can. */
  readProblem(path: string): Errno | undefined {
    const canonical = canonicalPath(path);
    const node = this.#nodes.get(canonical);
    if (node) return node.kind === "dir" ? "EISDIR" : undefined;
    return this.#lookupProblem(canonical) ?? "ENOENT";
  }

  /** Writes (or appends to) a file, creating it with `perms` (or the area's default); returns the errno when it cannot. */
  write(path: string, data: Buffer, options: { append?: boolean; perms?: number } = {}): Errno | undefined {
    const opened = this.open(path, options);
    if (typeof opened === "string") return opened;
    opened.append(data);
    return undefined;
  }

  /** Opens a file for writing, truncated unless `append`: what an app's FileWriter or a shell `>` does. */
  open(path: string, options: { append?: boolean; perms?: number } = {}): FileHandle | Errno {
    const canonical = canonicalPath(path);
    let node = this.#nodes.get(canonical);
    if (node?.kind === "dir") return "EISDIR";
    if (!node) {
      const problem = this.#creationProblem(canonical);
      if (problem) return problem;
      const owner = this.#ownerFor(canonical);
      // Shared storage decides permissions itself; elsewhere the creator's mode stands.
      node = this.#node(
        "file",
        inStorage(canonical) ? owner.filePerms : (options.perms ?? owner.filePerms),
        owner.uid,
        owner.gid,
      );
      this.#nodes.set(canonical, node);
    } else if (!this.#writable(canonical)) return this.#readOnly(canonical);
    const file = node;
    if (!options.append) {
      file.chunks = [];
      file.size = 0;
    }
    file.mtime = this.#seconds();
    return {
      append: (data) => {
        if (data.length === 0) return;
        file.chunks.push(data);
        file.size += data.length;
        file.mtime = this.#seconds();
      },
    };
  }

  /** mkdir, or `mkdir -p` with `parents` (existing directories are then fine). */
  mkdir(path: string, options: { parents?: boolean } = {}): Errno | undefined {
    const canonical = canonicalPath(path);
    if (options.parents) {
      const parts = canonical.split("/").filter(Boolean);
      for (let i = 1; i <= parts.length; i++) {
        const partial = `/${parts.slice(0, i).join("/")}`;
        const existing = this.#nodes.get(partial);
        if (existing?.kind === "dir") continue;
        const problem = this.mkdir(partial);
        if (problem) return problem;
      }
      return undefined;
    }
    if (this.#nodes.has(canonical)) return "EEXIST";
    const problem = this.#creationProblem(canonical);
    if (problem) return problem;
    const owner = this.#ownerFor(canonical);
    this.#nodes.set(canonical, this.#node("dir", owner.dirPerms, owner.uid, owner.gid));
    return undefined;
  }

  /** Sets a file's or directory's modification time (utime). */
  setModified(path: string, seconds: number): Errno | undefined {
    const node = this.#nodes.get(canonicalPath(path));
    if (!node) return "ENOENT";
    node.mtime = seconds;
    return undefined;
  }

  /** rm (a file), rmdir (an empty directory), or a whole tree with `recursive`. */
  remove(path: string, options: { recursive?: boolean } = {}): Errno | undefined {
    const canonical = canonicalPath(path);
    const node = this.#nodes.get(canonical);
    if (!node) return this.#lookupProblem(canonical) ?? "ENOENT";
    if (!this.#writable(canonical) || canonical === EXTERNAL_STORAGE || canonical === "/data/local/tmp")
      return this.#readOnly(canonical);
    const below = [...this.#nodes.keys()].filter((p) => p.startsWith(`${canonical}/`));
    if (node.kind === "dir" && below.length > 0 && !options.recursive) return "ENOTEMPTY";
    for (const p of below) this.#nodes.delete(p);
    this.#nodes.delete(canonical);
    return undefined;
  }

  /** stat (following the /sdcard links) or, with `follow: false`, lstat. */
  stat(path: string, options: { follow?: boolean } = {}): FileStat | Errno {
    const literal = literalPath(path);
    if (options.follow === false && STORAGE_ALIASES.includes(literal)) return this.#linkStat(literal);
    const canonical = canonicalPath(path);
    const node = this.#nodes.get(canonical);
    if (!node) return this.#lookupProblem(canonical) ?? "ENOENT";
    return this.#statOf(node);
  }

  /** A directory's entries, names in order, without `.` and `..`. */
  list(path: string): DirectoryEntry[] | Errno {
    const canonical = canonicalPath(path);
    const node = this.#nodes.get(canonical);
    if (!node) return this.#lookupProblem(canonical) ?? "ENOENT";
    if (node.kind !== "dir") return "ENOTDIR";
    if (UNLISTABLE.has(canonical)) return "EACCES";
    const prefix = canonical === "/" ? "/" : `${canonical}/`;
    const entries: DirectoryEntry[] = [];
    for (const [p, child] of this.#nodes) {
      if (p === canonical || !p.startsWith(prefix) || p.slice(prefix.length).includes("/")) continue;
      entries.push({ name: p.slice(prefix.length), stat: this.#statOf(child) });
    }
    if (canonical === "/") entries.push({ name: "sdcard", stat: this.#linkStat("/sdcard") });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  #node(kind: Node["kind"], perms: number, uid: number, gid: number): Node {
    return { kind, perms, uid, gid, mtime: this.#seconds(), ino: this.#nextIno++, chunks: [], size: 0 };
  }

  #seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  #statOf(node: Node): FileStat {
    return {
      type: node.kind,
      mode: (node.kind === "dir" ? S_IFDIR : S_IFREG) | node.perms,
      size: node.kind === "dir" ? 4096 : node.size,
      mtime: node.mtime,
      uid: node.uid,
      gid: node.gid,
      ino: node.ino,
      nlink: node.kind === "dir" ? 2 : 1,
    };
  }

  #linkStat(literal: string): FileStat {
    const target = literal === "/storage/self/primary" ? EXTERNAL_STORAGE : "/storage/self/primary";
    return { type: "link", mode: S_IFLNK | 0o777, size: target.length, mtime: 0, uid: 0, gid: 0, ino: 0, nlink: 1 };
  }

  /** Why a missing path is missing: a parent that is a file (ENOTDIR), or simply nothing there. */
  #lookupProblem(canonical: string): Errno | undefined {
    for (let dir = posix.dirname(canonical); dir !== "/"; dir = posix.dirname(dir)) {
      const node = this.#nodes.get(dir);
      if (node) return node.kind === "file" ? "ENOTDIR" : undefined;
    }
    return undefined;
  }

  #creationProblem(canonical: string): Errno | undefined {
    const parent = this.#nodes.get(posix.dirname(canonical));
    if (!parent) return this.#lookupProblem(canonical) ?? "ENOENT";
    if (parent.kind !== "dir") return "ENOTDIR";
    return this.#writable(canonical) ? undefined : this.#readOnly(canonical);
  }

  #writable(canonical: string): boolean {
    return WRITABLE.some((root) => canonical.startsWith(`${root}/`));
  }

  #readOnly(canonical: string): Errno {
    return canonical === "/data" || canonical.startsWith("/data/") ? "EACCES" : "EROFS";
  }

  /** Who owns what is created here: shared storage is root:sdcard_rw, the rest the shell user's (umask 077). */
  #ownerFor(canonical: string): { uid: number; gid: number; filePerms: number; dirPerms: number } {
    if (inStorage(canonical)) return { uid: UID.root, gid: UID.sdcardRw, filePerms: 0o660, dirPerms: 0o771 };
    return { uid: UID.shell, gid: UID.shell, filePerms: 0o600, dirPerms: 0o700 };
  }
}

function contentOf(node: Node): Buffer {
  if (node.chunks.length !== 1) node.chunks = [Buffer.concat(node.chunks, node.size)];
  return node.chunks[0]!;
}
