// What every device benchmark sets up first: a private HOME and Clawperator home, and a private adb server on a
// free port (no emulator port scan), so a run touches nothing of the user's and nothing touches it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "..");
/** The built CLI, as `npm install` exposes it. */
export const bin = join(root, "dist/cli/bin.cjs");

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/**
 * Makes the home (`prefix` names the temp folder), points this process's env at it and at the adb server (plus
 * `env(home)`, for a benchmark's own variables), and starts that server. `close()` kills it and removes the home.
 */
export async function privateAdb({ prefix = "clawperator-bench-", env = () => ({}) } = {}) {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const adbPort = await freePort();
  Object.assign(process.env, {
    HOME: home,
    CLAWPERATOR_HOME: join(home, ".clawperator"),
    ANDROID_ADB_SERVER_PORT: String(adbPort),
    ADB_LOCAL_TRANSPORT_MAX_PORT: "0",
    ADB_EMU: "0",
    ...env(home),
  });
  const adb = (args) => execFileSync("adb", ["-P", String(adbPort), ...args], { encoding: "utf8" });
  adb(["start-server"]);
  return {
    home,
    adbPort,
    adb,
    /** `clawperator virtual start --detach` in its own process, as a user starts it: the device's record. */
    startDevice: (...args) =>
      JSON.parse(execFileSync(process.execPath, [bin, "virtual", "start", "--detach", ...args], { encoding: "utf8" })),
    close() {
      try {
        adb(["kill-server"]);
      } catch {
        // not running
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
