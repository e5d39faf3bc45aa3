/** The SDK package of a system image: `system-images;android-<api>;<tag>;<abi>`. */
export interface SystemImageSpec {
  apiLevel: number;
  playStore: boolean;
  abi: string;
}

export const PLAY_STORE_TAG = "google_apis_playstore";
export const GOOGLE_APIS_TAG = "google_apis";

export function systemImagePackage(spec: SystemImageSpec): string {
  return `system-images;android-${spec.apiLevel};${spec.playStore ? PLAY_STORE_TAG : GOOGLE_APIS_TAG};${spec.abi}`;
}

/** The parts of a package id or an `image.sysdir.1` path (`system-images/android-35/google_apis_playstore/x86_64/`). */
export function parseSystemImage(
  value: string,
): { apiLevel?: number; tag?: string; abi?: string; package: string } | undefined {
  const parts = value
    .replace(/[\\/]+$/, "")
    .split(/[;/\\]/)
    .filter((part) => part !== "");
  if (parts[0] !== "system-images" || parts.length < 4) return undefined;
  const api = /^android-(\d+)/.exec(parts[1]!);
  return {
    ...(api ? { apiLevel: Number(api[1]) } : {}),
    tag: parts[2]!,
    abi: parts[3]!,
    package: parts.slice(0, 4).join(";"),
  };
}
