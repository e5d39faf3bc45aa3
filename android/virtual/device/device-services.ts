import type { Readable } from "node:stream";

/** One command running on the device, seen from the command's side. */
export interface ShellSession {
  /**
   * Bytes the client sends (shell_v2 stdin packets, or raw WRTE data). Ends on close-stdin or stream close.
   * Legacy `shell:` and `exec:` have no close-stdin: an install (`cmd package install -S <n>`) must read
   * exactly the announced n bytes rather than wait for the end.
   */
  stdin: Readable;
  stdout(data: Buffer | string): void;
  stderr(data: Buffer | string): void;
  /** Aborted when the client closes the stream or the connection drops; long commands (logcat) must stop. */
  signal: AbortSignal;
}

/** What adbd's sync service reports of a file: `struct stat` as the shell user sees it. */
export interface SyncStat {
  /** st_mode: type bits and permissions. */
  mode: number;
  size: number;
  /** Seconds since the epoch (also reported as atime and ctime). */
  mtime: number;
  uid: number;
  gid: number;
  ino: number;
  nlink: number;
}

/** The device's files for `adb pull` / `adb push` (the `sync:` service). Failures are Linux errno numbers. */
export interface DeviceFiles {
  /** stat (following links) or lstat. */
  stat(path: string, follow: boolean): SyncStat | number;
  /** A directory's entries, without `.` and `..`. */
  list(path: string): Array<{ name: string; stat: SyncStat }> | number;
  /** A file's whole content. */
  read(path: string): Buffer | number;
  /**
   * Replaces (or creates) a file with `perms`, creating missing parent directories as adbd's secure_mkdirs does,
   * and sets its modification time. Resolves with what failed, as adbd words it, or undefined.
   */
  write(path: string, perms: number, data: Buffer, mtime: number): string | undefined;
}

/** What the adb wire server asks of the device behind it. */
export interface DeviceServices {
  /**
   * Values for the CNXN banner (`device::ro.product.name=…;ro.product.model=…;ro.product.device=…;features=…`).
   */
  banner(): { name: string; model: string; device: string };
  /** Run one device-shell command line (shell_v2, legacy shell and exec all end here). Resolves with the exit code. */
  run(commandLine: string, session: ShellSession): Promise<number>;
  /** The files `sync:` serves; a device without them refuses the service and advertises no sync features. */
  files?: DeviceFiles;
  /** Answers a person's action (request JSON in, answer JSON out); a device without a screen refuses the service. */
  human?(request: string): string;
}
