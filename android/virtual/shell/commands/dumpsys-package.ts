import { createHash } from "node:crypto";
import type { InstalledPackage } from "../../device/packages.ts";
import { formatDate } from "./date-format.ts";

/** A stable short object id, as Android prints identity hash codes (`Package{3f2a1b7 com.example}`). */
export const identityHash = (text: string): string => createHash("sha1").update(text).digest("hex").slice(0, 7);

const timestamp = (ms: number) => formatDate(ms, "%Y-%m-%d %H:%M:%S");

/**
 * The `Packages:` block of `dumpsys package <pkg>`, with the lines tools grep: `versionCode=N minSdk=.. targetSdk=..`,
 * `versionName=X`, the install times and the runtime permission states.
 */
export function packageBlock(pkg: InstalledPackage, sdk: number): string {
  const hash = identityHash(pkg.packageName);
  const codeDir = pkg.codePath.slice(0, pkg.codePath.lastIndexOf("/"));
  const requested = [...(pkg.requested ?? pkg.granted)].sort();
  const flags = pkg.system
    ? "[ SYSTEM HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]"
    : "[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]";
  const lines = [
    "Packages:",
    `  Package [${pkg.packageName}] (${hash}):`,
    `    userId=${pkg.uid}`,
    `    pkg=Package{${identityHash(`pkg:${pkg.packageName}`)} ${pkg.packageName}}`,
    `    codePath=${codeDir}`,
    `    resourcePath=${codeDir}`,
    `    legacyNativeLibraryDir=${codeDir}/lib`,
    "    primaryCpuAbi=null",
    "    secondaryCpuAbi=null",
    `    versionCode=${pkg.versionCode} minSdk=24 targetSdk=${Math.min(sdk, 34)}`,
    `    versionName=${pkg.versionName}`,
    "    splits=[base]",
    "    apkSigningVersion=2",
    `    flags=${flags}`,
    `    dataDir=/data/user/0/${pkg.packageName}`,
    `    timeStamp=${timestamp(pkg.lastUpdateTime)}`,
    `    firstInstallTime=${timestamp(pkg.firstInstallTime)}`,
    `    lastUpdateTime=${timestamp(pkg.lastUpdateTime)}`,
    `    installerPackageName=${pkg.system ? "null" : "com.android.shell"}`,
    `    pkgFlags=${flags}`,
    "    requested permissions:",
    ...requested.map((p) => `      ${p}`),
    `    User 0: ceDataInode=${pkg.uid * 7} installed=true hidden=false suspended=false distractionOptional=0 ` +
      `stopped=false notLaunched=false enabled=0 instant=false virtual=false`,
    "      runtime permissions:",
    ...requested.map(
      (p) => `        ${p}: granted=${pkg.granted.has(p)}, flags=[ ${pkg.granted.has(p) ? "USER_SET " : ""}]`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
