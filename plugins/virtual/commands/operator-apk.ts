import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { OPERATOR_REFERENCE_RELEASE, operatorVersionCode } from "../../../android/operator/protocol-line.ts";
import { parseVersion } from "../../../android/operator/version-compat.ts";
import { buildOperatorApk } from "../../../android/virtual/apk/index.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { OPERATOR_PACKAGES } from "../../../core/contracts/limits.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { operatorApkArgs } from "../command-args.ts";

interface OperatorApkResult {
  path: string;
  package: string;
  versionName: string;
  versionCode: number;
  bytes: number;
}

/** `virtual operator-apk`: writes an Operator APK a virtual device installs, for trying `operator setup` offline. */
const operatorApk = defineCommandHandler(operatorApkArgs, {
  async run(args): Promise<OperatorApkResult> {
    const debug = args.variant === "debug";
    const versionName = args["version-name"] ?? `${OPERATOR_REFERENCE_RELEASE.versionName}${debug ? "-d" : ""}`;
    const version = parseVersion(versionName);
    if (!version)
      throw new ClawperatorError(
        "USAGE",
        `--version-name must look like 1.2.3 (optionally -d or -rc.1), got "${versionName}"`,
      );
    const versionCode =
      args["version-code"] === undefined ? operatorVersionCode(version) : Number(args["version-code"]);
    if (!Number.isInteger(versionCode) || versionCode < 1)
      throw new ClawperatorError(
        "USAGE",
        `--version-code must be a positive whole number, got "${args["version-code"]}"`,
      );
    const packageName = debug ? OPERATOR_PACKAGES.debug : OPERATOR_PACKAGES.release;
    const path = resolve(args.out ?? args.file ?? `clawperator-operator-${versionName}.apk`);
    const apk = buildOperatorApk({ packageName, versionName, versionCode });
    await writeFile(path, apk);
    return { path, package: packageName, versionName, versionCode, bytes: apk.length };
  },
  pretty(value) {
    const r = value;
    return (
      `${r.path}\n${r.package} ${r.versionName} (versionCode ${r.versionCode}); install it with: clawperator ` +
      `operator setup --apk ${r.path}`
    );
  },
});

export default operatorApk;
