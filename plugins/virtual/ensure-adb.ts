import { existsSync } from "node:fs";
import { execa } from "execa";
import { findAdb } from "../../android/adb/adb-binary.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import type { Logger } from "../../core/services/logger.ts";

const INSTALL_COMMAND = "sudo apt-get install -y adb";

/** Whether this process may run apt-get: as root, or through sudo without a password prompt. */
async function aptPrefix(): Promise<string[] | undefined> {
  if (process.platform !== "linux" || !existsSync("/usr/bin/apt-get")) return undefined;
  if (process.getuid?.() === 0) return [];
  const sudo = await execa("sudo", ["-n", "true"], { reject: false, stdin: "ignore" }).catch(() => undefined);
  return sudo?.exitCode === 0 ? ["sudo", "-n"] : undefined;
}

/**
 * The adb binary, installing Debian's `adb` package when it is missing and this process may (root or
 * passwordless sudo); otherwise ADB_NOT_FOUND naming the exact command to run.
 */
export async function ensureAdb(configured: string | undefined, logger: Logger): Promise<string> {
  try {
    return findAdb(configured);
  } catch (error) {
    if (!(error instanceof ClawperatorError) || error.code !== "ADB_NOT_FOUND" || process.env.ADB_PATH || configured)
      throw error;
  }
  const prefix = await aptPrefix();
  if (!prefix) {
    throw new ClawperatorError(
      "ADB_NOT_FOUND",
      `adb is not installed. Install it, then run the demo again: ${INSTALL_COMMAND}`,
      {
        hint: process.platform === "darwin" ? "macOS: brew install --cask android-platform-tools" : INSTALL_COMMAND,
      },
    );
  }
  const apt = (args: string[]) => {
    const [command, ...rest] = [...prefix, "apt-get", ...args];
    // apt's own progress goes to stderr so stdout stays the command's result.
    return execa(command!, rest, {
      reject: false,
      stdin: "ignore",
      stdout: 2,
      stderr: 2,
      env: { DEBIAN_FRONTEND: "noninteractive" },
    });
  };
  logger.progress("adb is missing: installing Debian's adb package (apt-get install -y adb)...");
  // A fresh machine may have no package lists yet; fetch them only when the install needs them.
  if ((await apt(["install", "-y", "adb"])).exitCode !== 0) {
    await apt(["update"]);
    const retry = await apt(["install", "-y", "adb"]);
    if (retry.exitCode !== 0)
      throw new ClawperatorError(
        "ADB_NOT_FOUND",
        `installing adb failed (apt-get exit ${retry.exitCode}); run: ${INSTALL_COMMAND}`,
      );
  }
  return findAdb(configured);
}
