import type { UnsupportedReason } from "../../android/avd/index.ts";

/** One AVD as `emulator list` / `inspect` and `GET /android/emulators` show it (docs/emulators.md#avd-view). */
export interface EmulatorAvd {
  name: string;
  exists: boolean;
  running: boolean;
  supported: boolean;
  apiLevel: number | null;
  abi: string | null;
  playStore: boolean;
  deviceProfile: string | null;
  systemImage: string | null;
  unsupportedReasons: UnsupportedReason[];
}

/** A running emulator (`emulator status`, `GET /android/emulators/running`). */
export interface RunningEmulator {
  type: "emulator";
  /** null when its console did not say (another user's emulator, or one still starting). */
  avdName: string | null;
  serial: string;
  booted: boolean;
  supported: boolean;
  unsupportedReasons: UnsupportedReason[];
}

/** A booted emulator, as `emulator start` returns it. */
export interface EmulatorDevice {
  type: "emulator";
  avdName: string;
  serial: string;
  booted: true;
}

export interface ProvisionedEmulator extends EmulatorDevice {
  created: boolean;
  started: boolean;
  reused: boolean;
}

export interface BootTimeouts {
  /** From launch until adb lists the emulator (EMULATOR_START_FAILED after). */
  registrationTimeoutMs: number;
  /** From registration until both boot properties are 1 (EMULATOR_BOOT_TIMEOUT after). */
  bootTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: BootTimeouts = { registrationTimeoutMs: 120_000, bootTimeoutMs: 300_000 };
export const STOP_TIMEOUT_MS = 30_000;
/** How often the waits look again: well under the 500 ms the issue allows, so a boot is noticed promptly. */
export const POLL_MS = 250;

export interface CreateOptions {
  name?: string;
  apiLevel?: number;
  deviceProfile?: string;
  abi?: string;
  playStore?: boolean;
}
