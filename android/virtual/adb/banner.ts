import type { DeviceServices } from "../device/device-services.ts";

/** Features adbd advertises that the virtual device implements. `cmd` makes `adb install` stream over `exec:`. */
export const DEFAULT_FEATURES: readonly string[] = ["shell_v2", "cmd"];

/**
 * What a device that serves files adds: `stat_v2` and `ls_v2` (adb then uses STA2/LST2 and LIS2, which carry an
 * errno, instead of STAT and LIST) and `fixed_push_mkdir` (a push creates its directories itself, so adb sends no
 * `mkdir` through the shell first).
 */
export const SYNC_FEATURES: readonly string[] = ["stat_v2", "ls_v2", "fixed_push_mkdir"];

export function connectBanner(services: DeviceServices, features: readonly string[]): Buffer {
  const { name, model, device } = services.banner();
  return Buffer.from(
    `device::ro.product.name=${name};ro.product.model=${model};ro.product.device=${device};features=` +
      `${features.join(",")}`,
  );
}
