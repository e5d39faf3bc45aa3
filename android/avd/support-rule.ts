/** Why an AVD is not one Clawperator provisions (the names the reference implementation reports). */
export type UnsupportedReason =
  | "missing_play_store"
  | "unsupported_api_level"
  | "unsupported_abi"
  | "unsupported_device_profile";

export interface EmulatorProfile {
  avdName: string;
  apiLevel: number;
  playStore: boolean;
  abi: string;
  deviceProfile: string;
}

/**
 * The ABI of system image this host runs at native speed: arm64-v8a on arm64 hosts, x86_64 elsewhere. The spec
 * names arm64-v8a only, which would leave every x86_64 Linux host without a supported emulator.
 */
export function hostAbi(arch: string = process.arch): string {
  return arch === "arm64" ? "arm64-v8a" : "x86_64";
}

/** docs/emulators.md#support-rule: API 35, Google Play, pixel_7, AVD `clawperator-pixel`; the ABI of the host. */
export function defaultProfile(arch: string = process.arch): EmulatorProfile {
  return { avdName: "clawperator-pixel", apiLevel: 35, playStore: true, abi: hostAbi(arch), deviceProfile: "pixel_7" };
}

export interface AvdFacts {
  apiLevel: number | null;
  abi: string | null;
  playStore: boolean;
  deviceProfile: string | null;
}

/** The support rule: every field of the default profile must match (the name may be anything). */
export function unsupportedReasons(avd: AvdFacts, profile: EmulatorProfile = defaultProfile()): UnsupportedReason[] {
  const reasons: UnsupportedReason[] = [];
  if (!avd.playStore) reasons.push("missing_play_store");
  if (avd.apiLevel !== profile.apiLevel) reasons.push("unsupported_api_level");
  if (avd.abi !== profile.abi) reasons.push("unsupported_abi");
  if (avd.deviceProfile !== profile.deviceProfile) reasons.push("unsupported_device_profile");
  return reasons;
}
