import { readFile } from "node:fs/promises";
import type { Manifest } from "@devicefarmer/adbkit-apkreader";

/** What Clawperator reads from an APK's binary AndroidManifest.xml. */
export interface ApkManifest {
  package: string;
  versionName: string;
  versionCode: number;
  /** The application label when it is a literal string (a resource reference reads as undefined). */
  label?: string;
  permissions: string[];
  services: string[];
  /** Activities with a MAIN/LAUNCHER intent filter, by class name. */
  launcherActivities: string[];
}

/**
 * Why an APK could not be read: not a ZIP / no manifest (`not_apk`), or a manifest without the fields (`malformed`).
 */
export class ApkReadError extends Error {
  constructor(
    readonly reason: "not_apk" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

const names = (items: ReadonlyArray<{ name?: string }> | undefined) =>
  (items ?? []).map((i) => i.name).filter((n): n is string => typeof n === "string");

/**
 * Reads the manifest of an APK (a file path or its bytes) with @devicefarmer/adbkit-apkreader, the maintained APK
 * reader of the DeviceFarmer (STF) project; it is loaded only here, when an APK is read.
 */
export async function readApkManifest(apk: string | Buffer): Promise<ApkManifest> {
  const { default: ApkReader } = await import("@devicefarmer/adbkit-apkreader");
  let manifest: Manifest;
  try {
    // Read from memory: yauzl's file reader allocates with the deprecated Buffer(), which warns on stderr.
    manifest = await (await ApkReader.open(typeof apk === "string" ? await readFile(apk) : apk)).readManifest();
  } catch (error) {
    throw new ApkReadError("not_apk", `not a readable APK: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { package: packageName, versionName, versionCode } = manifest;
  if (typeof packageName !== "string" || packageName === "")
    throw new ApkReadError("malformed", "the manifest has no package attribute");
  if (typeof versionCode !== "number" || !Number.isInteger(versionCode))
    throw new ApkReadError("malformed", "the manifest has no android:versionCode");
  const label = manifest.application?.label;
  return {
    package: packageName,
    versionName: versionName === undefined ? "" : String(versionName),
    versionCode,
    ...(typeof label === "string" && !label.startsWith("resourceId:") ? { label } : {}),
    permissions: names(manifest.usesPermissions),
    services: names(manifest.application?.services),
    launcherActivities: names(manifest.application?.launcherActivities),
  };
}
