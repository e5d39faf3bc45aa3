import { checkDeviceSerial } from "../core/contracts/device-serial.ts";

export interface DeviceSources {
  /** `--device-id` (or a front end's setting in code: the OpenClaw plugin's `deviceId`, createClawperator's). */
  flag?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** The config file's `deviceId`. */
  config?: string | undefined;
}

/**
 * The device a call that names none operates, the same for every front end (the CLI, `mcp`, `serve`, OpenClaw,
 * createClawperator): the flag, else CLAWPERATOR_DEVICE_ID, else the config's `deviceId`. The serial reaches adb's
 * argv, lock file names and skill scripts: one that adb would not print is INVALID_DEVICE_ID naming its source.
 */
export function defaultDevice({ flag, env = process.env, config }: DeviceSources): string | undefined {
  if (flag !== undefined) return checkDeviceSerial(flag, "--device-id");
  const fromEnv = env.CLAWPERATOR_DEVICE_ID;
  if (fromEnv) return checkDeviceSerial(fromEnv, "CLAWPERATOR_DEVICE_ID");
  return config === undefined ? undefined : checkDeviceSerial(config, "config deviceId");
}
