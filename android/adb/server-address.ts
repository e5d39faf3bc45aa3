/**
 * Where the adb server listens: ADB_SERVER_SOCKET (`tcp:host:port`), ANDROID_ADB_SERVER_PORT, else 5037, as adb itself
 * decides.
 */
export interface ServerAddress {
  host: string;
  port: number;
}

export function serverAddress(env: NodeJS.ProcessEnv = process.env): ServerAddress {
  const socket = env.ADB_SERVER_SOCKET?.match(/^tcp:(?:(.+):)?(\d+)$/);
  if (socket) return { host: socket[1] ?? "127.0.0.1", port: Number(socket[2]) };
  const port = Number(env.ANDROID_ADB_SERVER_PORT);
  return { host: "127.0.0.1", port: Number.isInteger(port) && port > 0 ? port : 5037 };
}
