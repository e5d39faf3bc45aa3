import type { DeviceServices } from "./device-services.ts";

/** Features adbd advertises that the virtual device implements. `cmd` makes `adb install` stream over `exec:`. */
export const DEFAULT_FEATURES: readonly string[] = ["shell_v2", "cmd"];

export function connectBanner(services: DeviceServices, features: readonly string[]): Buffer {
  const { name, model, device } = services.banner();
  return Buffer.from(
    `device::ro.product.name=${name};ro.product.model=${model};ro.product.device=${device};features=` +
      `${features.join(",")}`,
  );
}
