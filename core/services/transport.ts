import { createToken } from "../kernel/token.ts";
import type { Device } from "../contracts/device.ts";

export interface ShellResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Options of a file pull: a call's signal and deadline, and a cap on the bytes a device may send. */
export interface PullOptions extends CallOptions {
  /** The most bytes to accept; a longer file is refused (`ok: false`) rather than held in memory. */
  maxBytes?: number;
}

/**
 * What a device answered a file pull with: the file's bytes exactly, or its refusal (no such file, not readable,
 * too large) in the device's own words. A device that cannot be reached rejects instead, like every other call.
 */
export type PulledFile = { ok: true; data: Buffer } | { ok: false; message: string };

/** What a caller asks of a lease (`Transport.acquire`). */
export interface LeaseOptions {
  /**
   * How long the device may sit idle before the lease ends by itself: a transport whose devices are lent out (a
   * device farm) asks its farm to free the device after this long, so a crashed process's lease does not outlive it.
   * The transport's own default when absent.
   */
  idleMs?: number;
  signal?: AbortSignal;
}

/** A lease that was granted. */
export interface Lease {
  /**
   * The device leased: the serial asked for, or, when that serial names a pool of devices (`stf:any`), the one
   * chosen from it.
   */
  serial: string;
  /** The idle time after which the farm ends the lease; a long-lived host releases it itself before then. */
  idleMs: number;
  /** Busy devices tried (or tried again) before this one was granted. */
  retries: number;
  /** Milliseconds spent waiting between those tries. */
  waitedMs: number;
}

/** A stream of text lines that must be closed by whoever opened it. */
export interface LineStream extends AsyncIterable<string> {
  /** Resolves once the stream is attached and reading (the first line arrived or the source reported ready). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * How bytes reach a device (docs/design.md#transport). The adb plugin implements it over the adb server (its socket
 * protocol; the `adb` binary starts the server and installs);
 * android/operator builds the operator protocol on top, so a custom transport gets the whole protocol.
 */
export interface Transport {
  readonly name: string;
  /** Every device the transport sees, in whatever state (`device`, `unauthorized`, `offline`, ...). */
  listDevices(options?: CallOptions): Promise<Device[]>;
  /** Run one device-shell command line (already quoted for the device's sh). */
  shell(serial: string, command: string, options?: CallOptions): Promise<ShellResult>;
  /** Binary stdout of a device command (`adb exec-out`). */
  execOut(serial: string, command: string, options?: CallOptions): Promise<Buffer>;
  /** A live logcat line stream with the given logcat arguments. */
  logcat(serial: string, args: readonly string[]): LineStream;
  /** Install (or replace) an APK file. */
  install(serial: string, apkPath: string, options?: CallOptions): Promise<ShellResult>;
  /**
   * A file's bytes, read from the device (`adb pull`; the adb plugin speaks adb's sync service). Optional: a
   * transport without it still drives executions, and `record pull` reports that it cannot pull.
   */
  pull?(serial: string, remotePath: string, options?: PullOptions): Promise<PulledFile>;
  /**
   * A hint that a call for `serial` follows at once: a transport may start connecting now, so the connection is
   * made while the caller does its own work (the execution pipeline takes its lock, the dispatcher waits for the
   * dispatch). Optional, and it never fails: any error shows on the call itself.
   */
  prepare?(serial: string): void;
  /**
   * Leasing, for transports whose devices are lent rather than attached (a device farm). Both optional: a local
   * transport has neither. `acquire` is called before the first use of a device in a process, inside the device
   * lock, and reserves it (a busy device is DEVICE_BUSY, naming its holder when known); every other call on that
   * serial may assume the lease is held. `release` gives the device back; it never fails for a device not leased.
   */
  acquire?(serial: string, options?: LeaseOptions): Promise<Lease>;
  release?(serial: string): Promise<void>;
}

export const Transport = createToken<Transport>("Transport");
