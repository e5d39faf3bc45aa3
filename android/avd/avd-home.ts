import { join } from "node:path";
import { userHome } from "../../core/host/user-home.ts";

/**
 * Where AVDs live, decided as the SDK tools decide: ANDROID_AVD_HOME, else `avd` under ANDROID_EMULATOR_HOME,
 * else under ANDROID_USER_HOME (or ANDROID_PREFS_ROOT's `.android`), else `~/.android/avd`.
 */
export function avdHome(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ANDROID_AVD_HOME) return env.ANDROID_AVD_HOME;
  if (env.ANDROID_EMULATOR_HOME) return join(env.ANDROID_EMULATOR_HOME, "avd");
  if (env.ANDROID_USER_HOME) return join(env.ANDROID_USER_HOME, "avd");
  if (env.ANDROID_PREFS_ROOT) return join(env.ANDROID_PREFS_ROOT, ".android", "avd");
  return join(env.HOME || userHome(), ".android", "avd");
}

/** An AVD name the tools accept: letters, digits, `.`, `_`, `-` (avdmanager refuses anything else). */
export const AVD_NAME = /^[A-Za-z0-9._-]+$/;
