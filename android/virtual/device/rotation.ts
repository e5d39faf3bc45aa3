import type { SettingsStore } from "./settings-store.ts";

/**
 * The rotation the screen shows, from Settings.System: with auto-rotate off (`accelerometer_rotation` 0) the
 * `user_rotation` a person or `settings put system user_rotation N` chose (0 to 3); with it on, the device lies
 * upright (0), as a virtual device has no accelerometer to turn it. Undefined when neither setting is there: each
 * screen's own rotation stands.
 */
export function screenRotation(settings: Pick<SettingsStore, "get">): string | undefined {
  const auto = settings.get("system", "accelerometer_rotation");
  const user = settings.get("system", "user_rotation");
  if (auto === undefined && user === undefined) return undefined;
  if (auto === "1") return "0";
  return user !== undefined && /^[0-3]$/.test(user) ? user : "0";
}
