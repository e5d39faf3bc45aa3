import { AdbSocket } from "../../../android/adb/adb-socket.ts";
import type { ServerAddress } from "../../../android/adb/server-address.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

/**
 * `adb connect <host:port>` on the local adb server, then waits until the device is online (`wait-for-any-device`),
 * within `timeoutMs`. The farm's remote connection is an adb-over-TCP endpoint like any other.
 */
export async function adbConnect(server: ServerAddress, remote: string, timeoutMs: number): Promise<void> {
  const sockets: AdbSocket[] = [];
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    for (const socket of sockets) socket.close();
  }, timeoutMs);
  const open = async () => {
    const socket = await AdbSocket.open(server);
    sockets.push(socket);
    return socket;
  };
  try {
    // adb answers OKAY even when it could not connect: its message says which.
    const message = await (await open()).query(`host:connect:${remote}`);
    if (!/connected to/.test(message))
      throw new ClawperatorError("DEVICE_OFFLINE", `adb could not connect to the farm's device at ${remote}`, {
        hint: "The farm's provider must be reachable from this host on that port.",
        details: { remote, adb: message },
      });
    const waiter = await open();
    await waiter.request(`host-serial:${remote}:wait-for-any-device`);
    await waiter.expectOkay();
  } catch (error) {
    if (error instanceof ClawperatorError) throw error;
    throw new ClawperatorError(
      "DEVICE_OFFLINE",
      timedOut
        ? `the farm's device at ${remote} did not come online within ${timeoutMs} ms`
        : `adb could not connect to the farm's device at ${remote}: ${(error as Error).message}`,
      {
        hint: "Is your adb key registered with the farm? `clawperator doctor --fix` registers it.",
        details: { remote },
      },
    );
  } finally {
    clearTimeout(timer);
    for (const socket of sockets) socket.close();
  }
}

/** `adb disconnect <host:port>`; a device adb no longer knows is not an error. */
export async function adbDisconnect(server: ServerAddress, remote: string): Promise<void> {
  const socket = await AdbSocket.open(server);
  try {
    await socket.query(`host:disconnect:${remote}`);
  } catch {
    // Already gone.
  } finally {
    socket.close();
  }
}
