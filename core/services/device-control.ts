import type { KeyInput, LogsInput, Orientation, RotationInput, SwipeInput } from "../contracts/device-control.ts";
import { createToken } from "../kernel/token.ts";

/** Which device, and (for a gesture from a ref) whose views the ref comes from. */
export interface DeviceCallOptions {
  deviceId?: string;
  session?: string;
}

export interface RotationState {
  deviceId: string;
  orientation: Orientation;
  /** The screen follows the sensor (auto-rotate on); `orientation` is then the one locked in when it goes off. */
  auto: boolean;
}

export interface DeviceInfo {
  deviceId: string;
  model: string;
  manufacturer: string;
  sdk: number;
  release: string;
  /** The display in its natural orientation, and its density (dpi). */
  screen: { width: number; height: number; density: number };
}

export interface DeviceLogs {
  deviceId: string;
  /** logcat lines (threadtime), oldest first, without Clawperator's own protocol lines. */
  lines: string[];
  /** Lines were left out to keep to the bound (the oldest go first). */
  truncated: boolean;
}

/**
 * What agents reach for beside executions, done host-side over the Transport (adb) without the Operator APK: keys,
 * gestures, rotation, apps, logs, the device's facts, a screenshot's bytes. Every call takes the device's lock, so
 * it never runs interleaved with an execution; one that may change the screen makes the refs of earlier views stale.
 * Inputs are validated (EXECUTION_VALIDATION_FAILED naming the path).
 */
export interface DeviceControl {
  key(input: KeyInput, options?: DeviceCallOptions): Promise<{ deviceId: string; key: string; code: number }>;
  swipe(input: SwipeInput, options?: DeviceCallOptions): Promise<{ deviceId: string; command: string }>;
  rotation(input: RotationInput, options?: DeviceCallOptions): Promise<RotationState>;
  apps(input: { thirdParty?: boolean }, options?: DeviceCallOptions): Promise<{ deviceId: string; packages: string[] }>;
  install(input: { apk: string }, options?: DeviceCallOptions): Promise<{ deviceId: string; package: string }>;
  uninstall(input: { package: string }, options?: DeviceCallOptions): Promise<{ deviceId: string; package: string }>;
  launch(input: { package: string }, options?: DeviceCallOptions): Promise<{ deviceId: string; package: string }>;
  logs(input: LogsInput, options?: DeviceCallOptions): Promise<DeviceLogs>;
  info(options?: DeviceCallOptions): Promise<DeviceInfo>;
  /** The screen as PNG bytes; nothing is written anywhere. */
  screenshot(options?: DeviceCallOptions): Promise<{ deviceId: string; png: Buffer }>;
}

export const DeviceControl = createToken<DeviceControl>("DeviceControl");
