import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseIni } from "../../avd/ini.ts";
import { parseSystemImage } from "../../avd/system-image.ts";

/** What the stand-in SDK can install: system images of these API levels, tags and ABIs. */
export const API_LEVELS = [30, 31, 32, 33, 34, 35, 36];
export const IMAGE_TAGS: Record<string, string> = {
  default: "Default Android System Image",
  google_apis: "Google APIs",
  google_apis_playstore: "Google Play",
};
export const IMAGE_ABIS = ["x86_64", "arm64-v8a"];
export const EMULATOR_VERSION = "35.2.10";
export const PLATFORM_TOOLS_VERSION = "35.0.2";

const ABI_LABEL: Record<string, string> = { x86_64: "Intel x86_64 Atom", "arm64-v8a": "ARM 64 v8a" };

export interface SdkPackage {
  id: string;
  version: string;
  description: string;
  /** Folder under the SDK root. */
  location: string;
}

export function imageDescription(tag: string, abi: string): string {
  return `${IMAGE_TAGS[tag] ?? tag} ${ABI_LABEL[abi] ?? abi} System Image`;
}

/** The package for an id the stand-in knows, or undefined (sdkmanager: "Failed to find package"). */
export function knownPackage(id: string): SdkPackage | undefined {
  const image = parseSystemImage(id);
  if (image) {
    const { apiLevel, tag, abi } = image;
    if (
      !apiLevel ||
      !API_LEVELS.includes(apiLevel) ||
      !tag ||
      !(tag in IMAGE_TAGS) ||
      !abi ||
      !IMAGE_ABIS.includes(abi)
    )
      return undefined;
    if (id !== image.package) return undefined;
    return {
      id,
      version: "9",
      description: imageDescription(tag, abi),
      location: `system-images/android-${apiLevel}/${tag}/${abi}`,
    };
  }
  const platform = /^platforms;android-(\d+)$/.exec(id);
  if (platform && API_LEVELS.includes(Number(platform[1]))) {
    return {
      id,
      version: "2",
      description: `Android SDK Platform ${platform[1]}`,
      location: `platforms/android-${platform[1]}`,
    };
  }
  if (id === "emulator")
    return {
      id,
      version: EMULATOR_VERSION,
      description: "Android Emulator (Clawperator virtual)",
      location: "emulator",
    };
  if (id === "platform-tools")
    return {
      id,
      version: PLATFORM_TOOLS_VERSION,
      description: "Android SDK Platform-Tools",
      location: "platform-tools",
    };
  return undefined;
}

/** Every package the stand-in offers, for `sdkmanager --list`. */
export function availablePackages(): SdkPackage[] {
  const images = API_LEVELS.flatMap((api) =>
    Object.keys(IMAGE_TAGS).flatMap((tag) =>
      IMAGE_ABIS.map((abi) => knownPackage(`system-images;android-${api};${tag};${abi}`)!),
    ),
  );
  return [
    knownPackage("emulator")!,
    knownPackage("platform-tools")!,
    ...API_LEVELS.map((api) => knownPackage(`platforms;android-${api}`)!),
    ...images,
  ];
}

/** Installed packages: each folder holding a `source.properties` the stand-in (or a real SDK) wrote. */
export function installedPackages(sdkRoot: string): SdkPackage[] {
  const found: SdkPackage[] = [];
  for (const pkg of availablePackages()) {
    const props = join(sdkRoot, pkg.location, "source.properties");
    if (!existsSync(props)) continue;
    const version = parseIni(readFileSync(props, "utf8"))["Pkg.Revision"] ?? pkg.version;
    found.push({ ...pkg, version });
  }
  return found;
}

export function installPackage(sdkRoot: string, pkg: SdkPackage): void {
  const dir = join(sdkRoot, pkg.location);
  mkdirSync(dir, { recursive: true });
  const image = parseSystemImage(pkg.id);
  const lines = [`Pkg.Desc=${pkg.description}`, `Pkg.Revision=${pkg.version}`, `Pkg.Path=${pkg.id}`];
  if (image)
    lines.push(
      `AndroidVersion.ApiLevel=${image.apiLevel}`,
      `SystemImage.Abi=${image.abi}`,
      `SystemImage.TagId=${image.tag}`,
      `SystemImage.TagDisplay=${IMAGE_TAGS[image.tag!]}`,
    );
  writeFileSync(join(dir, "source.properties"), `${lines.join("\n")}\n`);
  // A real image folder holds the disk images the emulator boots; the stand-in's emulator needs none.
  if (image)
    writeFileSync(join(dir, "build.prop"), `ro.build.version.sdk=${image.apiLevel}\nro.product.cpu.abi=${image.abi}\n`);
}

export function uninstallPackage(sdkRoot: string, pkg: SdkPackage): boolean {
  const dir = join(sdkRoot, pkg.location);
  if (!existsSync(join(dir, "source.properties"))) return false;
  // Only the stand-in's own files: the emulator and platform-tools folders also hold the executables.
  if (pkg.id.startsWith("system-images;") || pkg.id.startsWith("platforms;"))
    rmSync(dir, { recursive: true, force: true });
  else rmSync(join(dir, "source.properties"), { force: true });
  return true;
}

export function licensesAccepted(sdkRoot: string): boolean {
  return existsSync(join(sdkRoot, "licenses", "android-sdk-license"));
}

export function acceptLicenses(sdkRoot: string): void {
  mkdirSync(join(sdkRoot, "licenses"), { recursive: true });
  // The hash real SDKs store for the accepted Android SDK license text.
  writeFileSync(join(sdkRoot, "licenses", "android-sdk-license"), "\n24333f8a63b6825ea9c5514f83c2829b004d1fee\n");
}
