import { createToken } from "../kernel/token.ts";
import type { Lease } from "./transport.ts";

/**
 * The leases this runtime holds on lent devices (device farms), kept by the transport router. A one-shot process
 * (the CLI) gives a device back as soon as it is done with it; a long-lived host (serve, mcp, the OpenClaw plugin,
 * `createClawperator()`) keeps it across calls and gives it back once it has been idle for the lease's idle time,
 * or when the runtime ends.
 */
export interface DeviceLeases {
  /** Leases the device when its transport lends devices (held leases are reused); `undefined` for attached ones. */
  hold(serial: string, options?: { signal?: AbortSignal }): Promise<Lease | undefined>;
  /** The caller is done with the device for now. */
  done(serial: string): Promise<void>;
  /** Gives every held device back (shutdown). */
  releaseAll(): Promise<void>;
}

export const DeviceLeases = createToken<DeviceLeases>("DeviceLeases");

/** A serial naming any free device of a farm (`stf:any`) rather than one device: the farm picks, the lease says which. */
export function isPoolSerial(serial: string): boolean {
  return serial.endsWith(":any");
}
