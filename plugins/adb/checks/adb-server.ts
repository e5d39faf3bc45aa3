import { findAdb } from "../../../android/adb/adb-binary.ts";
import { AdbServerDown, AdbSocket } from "../../../android/adb/adb-socket.ts";
import { serverAddress, type ServerAddress } from "../../../android/adb/server-address.ts";
import type { DoctorCheck } from "../../../core/kernel/index.ts";

/** The server's protocol version (`host:version`), or undefined when nothing listens. */
async function serverVersion(address: ServerAddress): Promise<number | undefined> {
  let socket: AdbSocket;
  try {
    socket = await AdbSocket.open(address);
  } catch (error) {
    if (error instanceof AdbServerDown) return undefined;
    throw error;
  }
  try {
    return Number.parseInt(await socket.query("host:version"), 16);
  } finally {
    socket.close();
  }
}

/**
 * host.adb.server: `adb start-server` must succeed. A server that already answers needs no start (what start-server
 * would find), which keeps a process spawn off every healthy doctor run.
 */
const check: DoctorCheck = {
  async run({ config }) {
    const address = serverAddress();
    const where = `${address.host}:${address.port}`;
    const fix = {
      title: "Restart the adb server",
      platform: "any" as const,
      steps: [{ kind: "shell" as const, value: "adb kill-server && adb start-server" }],
    };
    let version = await serverVersion(address);
    if (version !== undefined)
      return {
        status: "pass",
        summary: `adb server is running on ${where}.`,
        evidence: { server: where, protocolVersion: version },
      };

    const { execa } = await import("execa");
    const started = await execa(findAdb(config.adbPath), ["start-server"], { reject: false, timeout: 30_000 });
    version = started.exitCode === 0 ? await serverVersion(address) : undefined;
    if (version !== undefined)
      return {
        status: "pass",
        summary: `adb server started on ${where}.`,
        evidence: { server: where, protocolVersion: version, started: true },
      };
    return {
      status: "fail",
      code: "ADB_SERVER_FAILED",
      summary: `adb start-server failed (${where}).`,
      detail: `${started.stderr || started.stdout}`.trim() || `exit code ${started.exitCode}`,
      fix,
      evidence: { server: where, exitCode: started.exitCode },
    };
  },
};

export default check;
