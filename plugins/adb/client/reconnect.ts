import { AdbSocket } from "../../../android/adb/adb-socket.ts";
import type { ServerAddress } from "../../../android/adb/server-address.ts";

/** How long a reconnect may take: a device that does not answer by then counts as gone. */
export const RECONNECT_BUDGET_MS = 1_500;

/** A serial adb made with `adb connect host:port` (a restarted adb server forgets these; emulators it rescans). */
export function isNetworkSerial(serial: string): boolean {
  return /^[^\s:]+:\d+$/.test(serial) || /^\[[0-9a-f:]+\]:\d+$/i.test(serial);
}

/**
 * `adb connect <serial>` through the server, then waits until the device is usable, within the budget. Used when
 * a network device this process was using is no longer known to the adb server, which happens when the server was
 * restarted (`adb kill-server`) while an execution ran. Resolves true when the device is back.
 */
export async function reconnectNetworkDevice(address: ServerAddress, serial: string): Promise<boolean> {
  const sockets: AdbSocket[] = [];
  const timer = setTimeout(() => {
    for (const s of sockets) s.close();
  }, RECONNECT_BUDGET_MS);
  const open = async () => {
    const socket = await AdbSocket.open(address);
    sockets.push(socket);
    return socket;
  };
  try {
    // adb answers OKAY even when the connection failed: its message says which.
    const message = await (await open()).query(`host:connect:${serial}`);
    if (!/connected to/.test(message)) return false;
    const waiter = await open();
    // The server acknowledges, then answers a second OKAY once the device is online.
    await waiter.request(`host-serial:${serial}:wait-for-any-device`);
    await waiter.expectOkay();
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    for (const socket of sockets) socket.close();
  }
}
