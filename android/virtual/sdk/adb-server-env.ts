/** The adb server an emulator registers with. */
export interface AdbServerAddress {
  host: string;
  port: number;
}

/**
 * Where the emulator looks for the adb server, as the real one does: `ADB_SERVER_SOCKET=tcp:[host:]port` first, then
 * `ANDROID_ADB_SERVER_PORT`, else port 5037 on the loopback address.
 */
export function adbServerFromEnv(env: NodeJS.ProcessEnv): AdbServerAddress {
  const socket = /^tcp:(?:(.+):)?(\d+)$/.exec(env.ADB_SERVER_SOCKET ?? "");
  if (socket) return { host: socket[1] ?? "127.0.0.1", port: Number(socket[2]) };
  const port = Number.parseInt(env.ANDROID_ADB_SERVER_PORT ?? "", 10);
  return { host: "127.0.0.1", port: port > 0 ? port : 5037 };
}
