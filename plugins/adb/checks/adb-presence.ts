import { findAdb } from "../../../android/adb/adb-binary.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { DoctorCheck } from "../../../core/kernel/index.ts";

/** host.adb.presence: the adb binary the transport would run (ADB_PATH, config `adbPath`, then PATH). */
const check: DoctorCheck = {
  async run({ config }) {
    try {
      const path = findAdb(config.adbPath);
      return { status: "pass", summary: `adb found at ${path}.`, evidence: { adbPath: path } };
    } catch (error) {
      if (!(error instanceof ClawperatorError)) throw error;
      return {
        status: "fail",
        code: "ADB_NOT_FOUND",
        summary: "adb is not installed or not on PATH.",
        detail: error.message,
        fix: {
          title: "Install Android platform-tools (adb)",
          platform: "any",
          steps: [{ kind: "manual", value: error.hint ?? "Install Android platform-tools and put adb on PATH." }],
        },
        evidence: { PATH: process.env.PATH ?? "" },
      };
    }
  },
};

export default check;
