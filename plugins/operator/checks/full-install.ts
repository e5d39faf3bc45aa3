import { existsSync } from "node:fs";
import type { DoctorCheck } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";
import { installFailure } from "../setup/install-apk.ts";

/**
 * build.android.install (`--full`): installs the APK given with `--apk`. This CLI ships no Android sources, so there
 * is no Gradle build: without `--apk` there is nothing to install, which is a warning, not a failure.
 */
const check: DoctorCheck = {
  async run({ services, deviceId, flags }) {
    const { apk } = flags;
    if (!apk)
      return {
        status: "warn",
        summary: "No --apk given: nothing to install (this CLI builds no APK).",
        fix: {
          title: "Name an Operator APK",
          platform: "any",
          steps: [
            {
              kind: "manual",
              value: "Run doctor --full --apk <path/to/operator.apk> to install it as part of the run.",
            },
          ],
        },
      };
    const fix = {
      title: "Install the Operator APK",
      platform: "any" as const,
      steps: [{ kind: "manual" as const, value: `clawperator operator setup --apk ${apk} --device-id ${deviceId}` }],
    };
    if (!existsSync(apk))
      return { status: "fail", code: "ANDROID_INSTALL_FAILED", summary: `APK ${apk} does not exist.`, fix };
    const result = await services.resolve(Transport).install(deviceId!, apk);
    const failure = installFailure(result);
    if (failure)
      return {
        status: "fail",
        code: "ANDROID_INSTALL_FAILED",
        summary: `Installing ${apk} failed.`,
        detail: failure,
        fix,
      };
    return { status: "pass", summary: `Installed ${apk}.`, evidence: { apk } };
  },
};

export default check;
