import { listedPackages, otherVariant } from "../../../android/operator/package-info.ts";
import { operatorSetupCommand } from "../../../android/operator/protocol-line.ts";
import { OPERATOR_PACKAGES } from "../../../core/contracts/limits.ts";
import type { DoctorCheck } from "../../../core/kernel/index.ts";
import { readinessFacts } from "./readiness-facts.ts";

/** readiness.apk.presence: the receiver package is installed; a warning when only the other variant is. */
const check: DoctorCheck = {
  async run(ctx) {
    const { deviceId, receiverPackage } = ctx;
    const serial = deviceId!;
    const other = otherVariant(receiverPackage);
    const listed = listedPackages((await readinessFacts(ctx)).packages);
    const installed = [receiverPackage, ...(other ? [other] : [])].filter((p) => listed.has(p));
    const evidence = { receiverPackage, installedVariants: installed };
    if (listed.has(receiverPackage))
      return { status: "pass", summary: `Operator APK ${receiverPackage} is installed.`, evidence };
    const setup = operatorSetupCommand({ deviceId: serial, receiverPackage });
    if (other && listed.has(other)) {
      return {
        status: "warn",
        code: "RECEIVER_VARIANT_MISMATCH",
        summary:
          `${receiverPackage} is not installed, but the ` +
          `${other === OPERATOR_PACKAGES.debug ? "debug" : "release"} variant ${other} is.`,
        detail: `Commands target ${receiverPackage} unless told otherwise.`,
        fix: {
          title: `Target ${other}, or install ${receiverPackage}`,
          platform: "any",
          steps: [
            { kind: "manual", value: `Pass --receiver-package ${other} to clawperator commands.` },
            { kind: "manual", value: `Or install ${receiverPackage}: ${setup}` },
          ],
        },
        evidence,
      };
    }
    return {
      status: "fail",
      code: "RECEIVER_NOT_INSTALLED",
      summary: `Operator APK ${receiverPackage} is not installed on ${serial}.`,
      fix: {
        title: "Install the Operator APK",
        platform: "any",
        steps: [
          { kind: "manual", value: `Install it with permissions: ${setup}` },
          {
            kind: "manual",
            value: `Without the network, from an APK file you have: ${setup} --apk <file> (see docs/operator-apk.md)`,
          },
        ],
      },
      evidence,
    };
  },
};

export default check;
