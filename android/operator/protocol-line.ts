import { OPERATOR_PACKAGES } from "../../core/contracts/limits.ts";
import type { ParsedVersion } from "./version-compat.ts";

/**
 * The Operator protocol this runtime implements: the dispatch, log lines and parser of docs/protocol.md were read from
 * the Operator APK 0.5.3. An installed Operator is compatible when its major.minor is this line
 * (docs/doctor.md#version-compatibility); this package's own version never enters the rule, so a release of the CLI
 * cannot silently declare every real phone incompatible. Move it only together with the protocol code and the virtual
 * Operator.
 */
export const OPERATOR_PROTOCOL_LINE = "0.5";

/**
 * An Operator versionCode as the APK's Gradle build computes it from the versionName: major·10,000,000 +
 * minor·100,000 + patch·1,000 + 900 for a release (rc 800+n, beta 500+n, alpha 200+n, another label 100+n). The
 * debug suffix `-d` is added to the name only and does not change the code.
 */
export function operatorVersionCode(version: ParsedVersion): number {
  const label = /^([0-9A-Za-z]+)(?:\.(\d+))?$/.exec(version.suffix ?? "");
  const n = Math.min(Number(label?.[2] ?? 0), 99);
  const kind = version.suffix === undefined || version.suffix === "d" ? "release" : label?.[1]?.toLowerCase();
  const offset =
    kind === "release"
      ? 900
      : kind === "rc"
        ? 800 + n
        : kind === "beta"
          ? 500 + n
          : kind === "alpha"
            ? 200 + n
            : 100 + n;
  return version.major * 10_000_000 + version.minor * 100_000 + version.patch * 1_000 + offset;
}

/** The release the protocol tables were read from: what the virtual device's Operator reports by default. */
export const OPERATOR_REFERENCE_RELEASE = {
  versionName: "0.5.3",
  versionCode: operatorVersionCode({ major: 0, minor: 5, patch: 3 }),
} as const;

/**
 * The command that puts a compatible Operator on a device. The release Operator is downloaded and verified by
 * `operator setup` itself; only the release Operator is published, so for another package (the debug build `.dev`)
 * the user passes the APK they built.
 */
export function operatorSetupCommand(options: { deviceId?: string; receiverPackage?: string } = {}): string {
  const target = options.deviceId ? ` --device-id ${options.deviceId}` : "";
  const receiver = options.receiverPackage;
  if (receiver && receiver !== OPERATOR_PACKAGES.release)
    return `clawperator operator setup --apk <your build of Operator ${OPERATOR_PROTOCOL_LINE}.x>${target} --receiver-package ${receiver}`;
  return `clawperator operator setup${target}`;
}
