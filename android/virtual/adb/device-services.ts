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

/** What the adb wire server asks of the device behind it. */
export interface DeviceServices {
  /**
   * Values for the CNXN banner (`device::ro.product.name=…;ro.product.model=…;ro.product.device=…;features=…`).
   */
  banner(): { name: string; model: string; device: string };
  /** Run one device-shell command line (shell_v2, legacy shell and exec all end here). Resolves with the exit code. */
  run(commandLine: string, session: ShellSession): Promise<number>;
}
