import { listedPackages, parseDumpsysVersion } from "../../../android/operator/package-info.ts";
import { compatibility } from "../../../android/operator/version-compat.ts";
import { OperatorVersion } from "../../../core/doctor/facts.ts";
import type { DoctorCheck, DoctorCheckResult } from "../../../core/kernel/index.ts";
import { packageVersion } from "../../../core/package-version.ts";
import { readinessFacts } from "./readiness-facts.ts";

type Result = Omit<DoctorCheckResult, "id">;

/**
 * readiness.version.compatibility: the installed Operator is on the protocol line this CLI drives (`major.minor`,
 * docs/doctor.md#version-compatibility).
 */
const check: DoctorCheck = {
  async run(ctx): Promise<Result> {
    const { deviceId, receiverPackage, facts } = ctx;
    const readiness = await readinessFacts(ctx);
    // Only the other variant installed (readiness.apk.presence warns): no version of this package to compare.
    if (!listedPackages(readiness.packages).has(receiverPackage)) {
      return {
        status: "warn",
        summary: `Skipped: the Operator APK ${receiverPackage} is not installed (see readiness.apk.presence).`,
        evidence: { skipped: true, reason: "RECEIVER_NOT_INSTALLED", receiverPackage },
      };
    }
    const raw = readiness.dumpsys;
    const installed = { ...parseDumpsysVersion(raw), raw };
    if (installed.versionName !== undefined)
      facts.set(OperatorVersion, {
        versionName: installed.versionName,
        versionCode: installed.versionCode,
      });
    const verdict = compatibility(packageVersion(), receiverPackage, installed, deviceId!);
    const evidence = {
      cliVersion: verdict.cliVersion,
      operatorProtocol: verdict.operatorProtocol,
      apkVersion: verdict.apkVersion,
      apkVersionCode: verdict.apkVersionCode,
      receiverPackage,
    };
    if (verdict.compatible) {
      return {
        status: "pass",
        summary:
          `Operator ${verdict.apkVersion} (versionCode ${verdict.apkVersionCode}) is on the ` +
          `${verdict.operatorProtocol} line this CLI (${verdict.cliVersion}) drives.`,
        evidence,
      };
    }
    return {
      status: "fail",
      code: verdict.code,
      summary: verdict.message,
      ...(verdict.code === "APK_VERSION_UNREADABLE"
        ? { detail: installed.raw.trim().split("\n").slice(0, 3).join(" ") || "dumpsys printed nothing" }
        : {}),
      fix: {
        title: `Install an Operator of the ${verdict.operatorProtocol} line`,
        platform: "any",
        steps: verdict.remediation.map((value) => ({ kind: "manual" as const, value })),
      },
      evidence,
    };
  },
};

export default check;
