import { readInstalledVersion } from "../../../android/operator/package-info.ts";
import { OPERATOR_PROTOCOL_LINE } from "../../../android/operator/protocol-line.ts";
import { compatibility, type CompatibilityVerdict } from "../../../android/operator/version-compat.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { packageVersion } from "../../../core/package-version.ts";
import { Transport } from "../../../core/services/transport.ts";
import { receiverPackageOf, requireInstalled } from "../setup/receiver.ts";
import { versionArgs } from "../setup/setup-args.ts";

type VersionResult = { version: string; operatorProtocol: string } | (CompatibilityVerdict & { deviceId: string });

/**
 * `version`: the CLI's version and the Operator protocol line it drives. `version --check-compat`: the installed
 * Operator against that line by the spec's major.minor rule; an incompatible one is reported with its remediation
 * and exits 1, an unreadable one is an error.
 */
const version = defineCommandHandler(versionArgs, {
  async run(args, { globals, services, config }): Promise<VersionResult> {
    if (!args["check-compat"]) return { version: packageVersion(), operatorProtocol: OPERATOR_PROTOCOL_LINE };
    const transport = services.resolve(Transport);
    const deviceId = selectDevice(await transport.listDevices(), globals.deviceId ?? config.deviceId);
    const receiverPackage = receiverPackageOf(globals, config);
    await requireInstalled(transport, deviceId, receiverPackage);
    const verdict = compatibility(
      packageVersion(),
      receiverPackage,
      await readInstalledVersion(transport, deviceId, receiverPackage),
      deviceId,
    );
    if (verdict.code && verdict.code !== "VERSION_INCOMPATIBLE") {
      throw new ClawperatorError(verdict.code, verdict.message, {
        hint: verdict.remediation.join("\n"),
        details: { deviceId, ...verdict },
      });
    }
    return { ...verdict, deviceId };
  },
  pretty(v) {
    if ("version" in v) return `clawperator ${v.version} (drives Operator ${v.operatorProtocol}.x)`;
    const lines = [
      `CLI:      ${v.cliVersion} (drives Operator ${v.operatorProtocol}.x)`,
      `Operator: ${v.apkVersion} (versionCode ${v.apkVersionCode}) ${v.receiverPackage} on ${v.deviceId}`,
      `${v.compatible ? "compatible" : `NOT compatible (${v.code})`}: ${v.message}`,
      ...v.remediation.map((step) => `  - ${step}`),
    ];
    return lines.join("\n");
  },
  exitCode: (result) => ("compatible" in result && !result.compatible ? 1 : 0),
});

export default version;
