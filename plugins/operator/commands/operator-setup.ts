import { statSync } from "node:fs";
import { resolve } from "node:path";
import { ApkReadError, readApkManifest, type ApkManifest } from "../../../android/apk/read-apk-manifest.ts";
import {
  accessibilityEnabled,
  grantOperatorPermissions,
  type PermissionResult,
} from "../../../android/operator/operator-permissions.ts";
import { listedPackages, readInstalledVersion } from "../../../android/operator/package-info.ts";
import { shellQuote } from "../../../android/operator/shell-quote.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { OPERATOR_PACKAGES } from "../../../core/contracts/limits.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import { Transport } from "../../../core/services/transport.ts";
import { downloadOperator, type OperatorDownload } from "../download/download-operator.ts";
import { installFailure } from "../setup/install-apk.ts";
import { permissionLines } from "../setup/permission-lines.ts";
import { detectReceiver, requestedReceiver } from "../setup/receiver.ts";
import { operatorSetupArgs } from "../setup/setup-args.ts";

interface SetupResult {
  ok: true;
  deviceId: string;
  receiverPackage: string;
  apk: { path: string; package?: string; versionName?: string; versionCode?: number };
  /** Set when no --apk was given: the release that was downloaded (or found verified) and installed. */
  download?: OperatorDownload;
  /** `installed` (new), `updated` (replaced another version) or `unchanged` (that exact version was installed). */
  install: "installed" | "updated" | "unchanged";
  permissions: PermissionResult[];
  verified: true;
  changed: boolean;
  message: string;
}

function apkFile(path: string): string {
  const absolute = resolve(path);
  let isFile = false;
  try {
    isFile = statSync(absolute).isFile();
  } catch {
    // missing: reported below
  }
  if (!isFile)
    throw new ClawperatorError("OPERATOR_APK_NOT_FOUND", `APK file not found: ${absolute}`, {
      details: { phase: "pre-install", apk: absolute },
    });
  return absolute;
}

/** The APK's manifest, or undefined when this host cannot read it (the device is the judge of what it installs). */
async function manifestOf(path: string): Promise<ApkManifest | undefined> {
  try {
    return await readApkManifest(path);
  } catch (error) {
    if (error instanceof ApkReadError) return undefined;
    throw error;
  }
}

/**
 * Without --apk: the newest Operator of this CLI's line, downloaded and verified. Only the release Operator is
 * published; another receiver package needs the APK its user built.
 */
async function downloaded(
  requested: string | undefined,
  config: RuntimeConfig,
  deviceId: string,
): Promise<OperatorDownload> {
  if (requested !== undefined && requested !== OPERATOR_PACKAGES.release) {
    throw new ClawperatorError("USAGE", `only the release Operator (${OPERATOR_PACKAGES.release}) can be downloaded`, {
      hint: `Pass the ${requested} APK you built: clawperator operator setup --apk <path> --receiver-package ${requested}`,
      details: { phase: "pre-install", receiverPackage: requested },
    });
  }
  try {
    return await downloadOperator({ config, progress: process.stderr });
  } catch (error) {
    if (!(error instanceof ClawperatorError)) throw error;
    const hint = error.code === "OPERATOR_DOWNLOAD_FAILED" ? offlineHint(error, deviceId) : error.hint;
    throw new ClawperatorError(error.code, error.message, {
      ...(hint === undefined ? {} : { hint }),
      details: { phase: "download", ...error.details },
      cause: error,
    });
  }
}

/**
 * A download that could not reach its server: the ways to set up without it (docs/operator-apk.md), after the
 * download's own advice.
 */
function offlineHint(error: ClawperatorError, deviceId: string): string {
  const reason = error.details?.reason;
  if (reason !== "network" && reason !== "dns" && reason !== "timeout") return error.hint ?? "";
  return [
    error.hint,
    `Without the network: install an APK you have, \`clawperator operator setup --apk <file> --device-id ${deviceId}\`;`,
    "or point CLAWPERATOR_APK_METADATA_URL at a mirror's latest.json (its format: docs/operator-apk.md in the package).",
    "A virtual device from `clawperator virtual start` has the Operator already; for one started with",
    "--scenario fresh, `clawperator virtual operator-apk --out operator.apk` writes an APK it installs.",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * `operator setup [--apk <path>]` (alias `operator install`): download unless given an APK, install, grant, verify
 * (docs/cli.md#operator-setup). Each failure names its phase, and a download that fails installs nothing.
 * Idempotent: the same version is not reinstalled and granted permissions are left alone.
 */
const operatorSetup = defineCommandHandler(operatorSetupArgs, {
  async run(args, { globals, services, config, logger }): Promise<SetupResult> {
    const requested = requestedReceiver(globals, config);
    const given = args.apk === undefined ? undefined : apkFile(args.apk);
    const transport = services.resolve(Transport);
    // The device first: a download is not worth making for a device that is not there.
    const deviceId = selectDevice(await transport.listDevices(), globals.deviceId ?? config.deviceId);
    const download = given === undefined ? await downloaded(requested, config, deviceId) : undefined;
    const path = given ?? download!.path;
    const manifest = await manifestOf(path);
    if (requested && manifest && manifest.package !== requested) {
      throw new ClawperatorError(
        "RECEIVER_VARIANT_MISMATCH",
        `${path} is ${manifest.package}, not the requested receiver package ${requested}`,
        {
          hint: `Drop --receiver-package, or pass the ${requested} APK.`,
          details: { phase: "pre-install", apk: path, apkPackage: manifest.package, receiverPackage: requested },
        },
      );
    }

    // Phase 1: install (skipped when exactly this version is installed already).
    const before = manifest ? await readInstalledVersion(transport, deviceId, manifest.package) : undefined;
    const unchanged =
      manifest !== undefined &&
      before?.versionName === manifest.versionName &&
      before.versionCode === manifest.versionCode;
    if (!unchanged) {
      logger.progress(`installing ${path} on ${deviceId}`);
      const failure = installFailure(await transport.install(deviceId, path));
      if (failure) {
        throw new ClawperatorError("OPERATOR_INSTALL_FAILED", `adb install of ${path} failed: ${failure}`, {
          details: { phase: "install", deviceId, apk: path, output: failure },
        });
      }
    }
    const install = unchanged ? "unchanged" : before?.versionCode !== undefined ? "updated" : "installed";
    const receiverPackage = requested ?? manifest?.package ?? (await detectReceiver(transport, deviceId));

    // Phase 2: permissions.
    logger.progress(
      `granting the accessibility service, notification listener and POST_NOTIFICATIONS to ${receiverPackage}`,
    );
    const permissions = await grantOperatorPermissions(transport, deviceId, receiverPackage);
    const failed = permissions.filter((p) => p.status === "failed");
    if (failed.length) {
      throw new ClawperatorError(
        "OPERATOR_GRANT_FAILED",
        `granting ${failed.map((p) => p.permission).join(", ")} to ${receiverPackage} failed`,
        {
          hint: "Retry with clawperator grant-device-permissions, or enable the service in Settings > Accessibility.",
          details: { phase: "permissions", deviceId, receiverPackage, permissions },
        },
      );
    }

    // Phase 3: verification.
    const listed = listedPackages(
      (await transport.shell(deviceId, `pm list packages ${shellQuote(receiverPackage)}`)).stdout,
    );
    if (!listed.has(receiverPackage)) {
      throw new ClawperatorError(
        "OPERATOR_VERIFY_FAILED",
        `${receiverPackage} is not visible to the package manager after the install`,
        {
          details: { phase: "verification", deviceId, receiverPackage },
        },
      );
    }
    if (!(await accessibilityEnabled(transport, deviceId, receiverPackage))) {
      throw new ClawperatorError(
        "OPERATOR_VERIFY_FAILED",
        `the accessibility service of ${receiverPackage} is not enabled after granting it`,
        {
          details: { phase: "verification", deviceId, receiverPackage },
        },
      );
    }

    const changed = install !== "unchanged" || permissions.some((p) => p.status === "granted");
    const version = manifest ? ` ${manifest.versionName} (versionCode ${manifest.versionCode})` : "";
    return {
      ok: true,
      deviceId,
      receiverPackage,
      apk: {
        path,
        ...(manifest
          ? { package: manifest.package, versionName: manifest.versionName, versionCode: manifest.versionCode }
          : {}),
      },
      ...(download ? { download } : {}),
      install,
      permissions,
      verified: true,
      changed,
      message: changed
        ? `${receiverPackage}${version} is set up on ${deviceId}.`
        : `${receiverPackage}${version} was already set up on ${deviceId}: nothing changed.`,
    };
  },
  pretty(value) {
    const r = value;
    return [
      r.message,
      `  install: ${r.install}`,
      ...permissionLines(r.permissions),
      `  verified: package visible, accessibility service enabled`,
    ].join("\n");
  },
});

export default operatorSetup;
