import type { EmulatorProfile } from "../../android/avd/index.ts";
import type { Clock } from "../../core/host/clock.ts";
import type { EmulatorAdb } from "./emulator-adb.ts";
import type { Launcher } from "./launcher.ts";
import type { Progress } from "./progress.ts";
import type { SdkTools } from "./tool-runner.ts";

/** Everything the emulator operations touch, passed in so tests can substitute the clock, adb and the launcher. */
export interface EmulatorContext {
  /** The AVD folder (ANDROID_AVD_HOME, ..., ~/.android/avd). */
  avdHome: string;
  tools: SdkTools;
  adb: EmulatorAdb;
  launcher: Launcher;
  clock: Clock;
  progress: Progress;
  /** The profile `create` and `provision` use and the support rule checks. */
  profile: EmulatorProfile;
  pollMs: number;
  stopTimeoutMs: number;
  /** A lock shared by this host's processes; undefined while another live process holds it. */
  tryLock(key: string): (() => void) | undefined;
}
