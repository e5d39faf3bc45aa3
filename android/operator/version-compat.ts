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

/** spec/001 "Version Compatibility": compatible when `major.minor` match; patch and suffixes do not count. */
export function isCompatible(cli: ParsedVersion, apk: ParsedVersion): boolean {
  return cli.major === apk.major && cli.minor === apk.minor;
}

/** `0.2` of `0.2.5-rc.1`: what a compatible counterpart must share. */
export const majorMinor = (version: ParsedVersion): string => `${version.major}.${version.minor}`;

export type CompatibilityCode =
  | "APK_VERSION_UNREADABLE"
  | "APK_VERSION_INVALID"
  | "CLI_VERSION_INVALID"
  | "VERSION_INCOMPATIBLE";

/** What `version --check-compat` reports and the doctor check judges by. */
export interface CompatibilityVerdict {
  cliVersion: string;
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

/** The spec's rule applied to the CLI version and what dumpsys said about the installed Operator. */
export function compatibility(
  cliVersion: string,
  receiverPackage: string,
  installed: { versionName?: string; versionCode?: number; raw?: string },
  deviceId?: string,
): CompatibilityVerdict {
  const base = {
    cliVersion,
    receiverPackage,
    ...(installed.versionName === undefined ? {} : { apkVersion: installed.versionName }),
    ...(installed.versionCode === undefined ? {} : { apkVersionCode: installed.versionCode }),
  };
  const target = deviceId ? ` --device-id ${deviceId}` : "";
  const setup = (version: string) =>
    `Install a ${version}.x Operator APK: clawperator operator setup --apk <operator-${version}.x.apk>` +
    `${target} --receiver-package ${receiverPackage}`;
  const incompatible = (code: CompatibilityCode, message: string, remediation: string[]): CompatibilityVerdict => ({
    ...base,
    compatible: false,
    code,
    message,
    remediation,
  });

  const cli = parseVersion(cliVersion);
  if (!cli)
    return incompatible("CLI_VERSION_INVALID", `The CLI version "${cliVersion}" is not a major.minor.patch version.`, [
      "Reinstall the CLI: npm install -g clawperator@latest",
    ]);
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
        setup(majorMinor(cli)),
      ],
    );
  }
  const apk = parseVersion(installed.versionName);
  if (!apk)
    return incompatible(
      "APK_VERSION_INVALID",
      `The Operator version "${installed.versionName}" is not a major.minor.patch version.`,
      [setup(majorMinor(cli))],
    );
  if (!isCompatible(cli, apk)) {
    return incompatible(
      "VERSION_INCOMPATIBLE",
      `CLI ${cliVersion} and Operator ${installed.versionName} are not compatible: major.minor ` +
        `${majorMinor(cli)} ≠ ${majorMinor(apk)}.`,
      [
        setup(majorMinor(cli)),
        `Or install the CLI that matches the Operator: npm install -g clawperator@${majorMinor(apk)}`,
      ],
    );
  }
  return {
    ...base,
    compatible: true,
    message: `CLI ${cliVersion} and Operator ${installed.versionName} are compatible (${majorMinor(cli)}).`,
    remediation: [],
  };
}
