import { findOnPath, isExecutable } from "../../core/host/executables.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";

const INSTALL_HINT =
  "Install adb: Debian/Ubuntu `sudo apt-get install -y adb`; macOS `brew install --cask android-platform-tools`; " +
  "or set ADB_PATH to the adb binary.";

/** The adb binary: ADB_PATH, then the config's adbPath, then PATH. ADB_NOT_FOUND with an install hint otherwise. */
export function findAdb(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  for (const [origin, candidate] of [
    ["ADB_PATH", env.ADB_PATH],
    ["config adbPath", configured],
  ] as const) {
    if (candidate === undefined || candidate === "") continue;
    if (isExecutable(candidate)) return candidate;
    throw new ClawperatorError("ADB_NOT_FOUND", `${origin} points to ${candidate}, which is not an executable adb`, {
      hint: INSTALL_HINT,
    });
  }
  const onPath = findOnPath("adb", env);
  if (onPath) return onPath;
  throw new ClawperatorError("ADB_NOT_FOUND", "adb was not found on PATH", {
    hint: INSTALL_HINT,
    details: { PATH: env.PATH ?? "" },
  });
}
