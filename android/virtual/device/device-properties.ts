import type { DeviceProfile } from "../scenario/scenario-types.ts";

/** The build this virtual device claims: a fixed id so fingerprints repeat across runs. */
const BUILD_ID = "UQ1A.240105.004";
const BUILD_INCREMENTAL = "11206848";

/** getprop values a real device of this profile reports, before `profile.props` overrides and before boot completes. */
export function derivedProperties(profile: DeviceProfile): Record<string, string> {
  const fingerprint =
    `${profile.brand}/${profile.product}/${profile.device}:${profile.release}/${BUILD_ID}/${BUILD_INCREMENTAL}` +
    `:user/release-keys`;
  return {
    "ro.product.model": profile.model,
    "ro.product.manufacturer": profile.manufacturer,
    "ro.product.brand": profile.brand,
    "ro.product.name": profile.product,
    "ro.product.device": profile.device,
    "ro.product.cpu.abi": "x86_64",
    "ro.product.cpu.abilist": "x86_64,arm64-v8a",
    "ro.serialno": profile.serial,
    "ro.boot.serialno": profile.serial,
    "ro.build.version.sdk": String(profile.sdk),
    "ro.build.version.release": profile.release,
    "ro.build.version.release_or_codename": profile.release,
    "ro.build.id": BUILD_ID,
    "ro.build.display.id": `${BUILD_ID} release-keys`,
    "ro.build.version.incremental": BUILD_INCREMENTAL,
    "ro.build.type": "user",
    "ro.build.tags": "release-keys",
    "ro.build.fingerprint": fingerprint,
    "ro.kernel.qemu": "0",
    "ro.debuggable": "0",
    "ro.secure": "1",
    "ro.sf.lcd_density": String(profile.screen.density),
    "persist.sys.timezone": "UTC",
  };
}
