import { connect } from "node:net";

export interface EmulatorRegistrationOptions {
  /** The adb server's port: 5037 unless the server was started with `-P` / ANDROID_ADB_SERVER_PORT. */
  adbServerPort?: number;
  host?: string;
}

/**
 * Asks a running adb server to attach the device listening on `adbPort` as `emulator-<adbPort - 1>`,
 * as the emulator does at boot: the smart-socket request `host:emulator:<adbPort>` (4-hex-digit length
 * prefix). The server sends no reply; it connects to the device and closes this socket when done.
 */
export async function registerEmulator(adbPort: number, options: EmulatorRegistrationOptions = {}): Promise<void> {
  const request = `host:emulator:${adbPort}`;
  const socket = connect(options.adbServerPort ?? 5037, options.host ?? "127.0.0.1");
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => socket.write(`${request.length.toString(16).padStart(4, "0")}${request}`));
    socket.once("error", reject);
    socket.once("close", () => resolve());
    socket.on("data", () => {});
  });
}
