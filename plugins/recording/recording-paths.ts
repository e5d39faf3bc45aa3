import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { DEFAULT_OPERATOR_PACKAGE } from "../../core/contracts/limits.ts";

/**
 * The session ids the APK's recording manager and the reference's pull accept (docs/recording.md#session-ids,
 * docs/recording.md#record-pull).
 */
export const SESSION_ID = /^[a-zA-Z0-9_-]+$/;
/** The APK parser's bound on a session id; a `latest` pointer naming a longer one is no session of the APK's. */
export const MAX_SESSION_ID_LENGTH = 128;
/** `record pull`'s default directory, as the reference writes it (path-joined, so files land in `recordings/`). */
export const DEFAULT_PULL_DIR = "./recordings/";
/**
 * The most bytes of a recording this runtime reads, pulled or parsed: a recording comes from a device and is not
 * trusted. Snapshots make a long session large, but not this large.
 */
export const MAX_RECORDING_BYTES = 128 * 1024 * 1024;

const PACKAGE_NAME = /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/;

/**
 * The Operator package whose files are read: the flag or env (global options), else the config, else the release
 * package. It becomes part of a device path, so it must be a package name.
 */
export function operatorPackageOf(chosen: string | undefined, configured: string | undefined): string {
  const pkg = chosen ?? configured ?? DEFAULT_OPERATOR_PACKAGE;
  if (!PACKAGE_NAME.test(pkg))
    throw new ClawperatorError("INVALID_OPERATOR_PACKAGE", `"${pkg}" is not an Android package name`, {
      hint: "Pass --operator-package com.clawperator.operator (or .dev).",
      details: { operatorPackage: pkg },
    });
  return pkg;
}

/** `/sdcard/Android/data/<pkg>/files/recordings`: where the APK writes sessions and the `latest` pointer. */
export const recordingsDir = (operatorPackage: string) => `/sdcard/Android/data/${operatorPackage}/files/recordings`;
