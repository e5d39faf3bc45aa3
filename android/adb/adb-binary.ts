import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";

const INSTALL_HINT = "Install adb: Debian/Ubuntu `sudo apt-get install -y adb`; macOS `brew install --cask android-platform-tools`; "
  + "or set ADB_PATH to the adb binary.";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The adb binary: ADB_PATH, then the config's adbPath, then PATH. ADB_NOT_FOUND with an install hint otherwise. */
export function findAdb(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  for (const [origin, candidate] of [["ADB_PATH", env.ADB_PATH], ["config adbPath", configured]] as const) {
    if (candidate === undefined || candidate === "") continue;
    if (executable(candidate)) return candidate;
    throw new ClawperatorError("ADB_NOT_FOUND", `${origin} points to ${candidate}, which is not an executable adb`, { hint: INSTALL_HINT });
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir && executable(join(dir, "adb"))) return join(dir, "adb");
  }
  throw new ClawperatorError("ADB_NOT_FOUND", "adb was not found on PATH", { hint: INSTALL_HINT, details: { PATH: env.PATH ?? "" } });
}
