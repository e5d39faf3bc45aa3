import { OPERATOR_PROTOCOL_LINE, operatorSetupCommand } from "./protocol-line.ts";

/** A version as the compatibility rule reads it: `major.minor.patch`, with the debug `-d` or a prerelease suffix. */
export interface ParsedVersion {
  major: number;
  minor: number;
  patch: number;
  /** `d` for local debug builds, `rc.1`, `beta.2`, ...; ignored by the rule. */
  suffix?: string;
}

const VERSION = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:-([0-9A-Za-z][0-9A-Za-z.-]*))?$/;

export function parseVersion(text: string): ParsedVersion | undefined {
  const match = VERSION.exec(text.trim());
  if (!match) return undefined;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3] ?? 0),
    ...(match[4] === undefined ? {} : { suffix: match[4] }),
  };
}

/** docs/doctor.md#version-compatibility: compatible when `major.minor` match; patch and suffixes do not count. */
export function isCompatible(line: ParsedVersion, apk: ParsedVersion): boolean {
  return line.major === apk.major && line.minor === apk.minor;
}

/** `0.2` of `0.2.5-rc.1`: what a compatible counterpart must share. */
export const majorMinor = (version: ParsedVersion): string => `${version.major}.${version.minor}`;

export type CompatibilityCode = "APK_VERSION_UNREADABLE" | "APK_VERSION_INVALID" | "VERSION_INCOMPATIBLE";

/** What `version --check-compat` reports and the doctor check judges by. */
export interface CompatibilityVerdict {
  cliVersion: string;
  /** The Operator line this CLI drives (`0.5`): compatible APKs are `0.5.x`. */
  operatorProtocol: string;
  receiverPackage: string;
  apkVersion?: string;
  apkVersionCode?: number;
  compatible: boolean;
  /** Set when not compatible. */
  code?: CompatibilityCode;
  message: string;
  /** Steps that make the pair compatible; empty when compatible. */
  remediation: string[];
}

/**
 * The spec's rule applied to the Operator protocol line this runtime implements and what dumpsys said about the
 * installed Operator. `cliVersion` is reported, never compared: the package and the protocol are versioned apart.
 */
export function compatibility(
  cliVersion: string,
  receiverPackage: string,
  installed: { versionName?: string; versionCode?: number; raw?: string },
  deviceId?: string,
): CompatibilityVerdict {
  const line = OPERATOR_PROTOCOL_LINE;
  const base = {
    cliVersion,
    operatorProtocol: line,
    receiverPackage,
    ...(installed.versionName === undefined ? {} : { apkVersion: installed.versionName }),
    ...(installed.versionCode === undefined ? {} : { apkVersionCode: installed.versionCode }),
  };
  const install = operatorSetupCommand({ ...(deviceId ? { deviceId } : {}), receiverPackage });
  const setup = `Install Operator ${line}.x: ${install}`;
  const incompatible = (code: CompatibilityCode, message: string, remediation: string[]): CompatibilityVerdict => ({
    ...base,
    compatible: false,
    code,
    message,
    remediation,
  });

  if (installed.versionName === undefined) {
    const missing = installed.raw?.includes(`Unable to find package: ${receiverPackage}`);
    return incompatible(
      "APK_VERSION_UNREADABLE",
      missing
        ? `${receiverPackage} is not installed, so its version cannot be read.`
        : `Could not read the version of ${receiverPackage} from dumpsys package.`,
      [
        `Check the package on the device: adb${deviceId ? ` -s ${deviceId}` : ""} shell dumpsys package ` +
          `${receiverPackage}`,
        setup,
      ],
    );
  }
  const apk = parseVersion(installed.versionName);
  if (!apk)
    return incompatible(
      "APK_VERSION_INVALID",
      `The Operator version "${installed.versionName}" is not a major.minor.patch version.`,
      [setup],
    );
  const driven = parseVersion(line)!;
  if (!isCompatible(driven, apk)) {
    const newer = apk.major > driven.major || (apk.major === driven.major && apk.minor > driven.minor);
    return incompatible(
      "VERSION_INCOMPATIBLE",
      `Operator ${installed.versionName} is not compatible: this CLI (${cliVersion}) drives Operator ${line}.x, ` +
        `and ${installed.versionName} is ${majorMinor(apk)}.x.`,
      newer
        ? [
            // Android refuses to replace an app with an older versionCode, so the newer Operator goes first.
            `Remove the newer Operator: adb${deviceId ? ` -s ${deviceId}` : ""} uninstall ${receiverPackage}`,
            `Then install Operator ${line}.x: ${install}`,
          ]
        : [setup],
    );
  }
  return {
    ...base,
    compatible: true,
    message: `Operator ${installed.versionName} is compatible: this CLI (${cliVersion}) drives Operator ${line}.x.`,
    remediation: [],
  };
}
