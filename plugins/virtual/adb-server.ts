import { AdbSocket } from "../../android/adb/adb-socket.ts";
import type { ServerAddress } from "../../android/adb/server-address.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";

async function query(address: ServerAddress, service: string): Promise<string> {
  const socket = await AdbSocket.open(address);
  try {
    return await socket.query(service);
  } finally {
    socket.close();
  }
}

/**
 * `adb connect host:port` through the server; adb answers OKAY even on failure, so its message is checked.
 * A device that refuses authorization is listed (as `unauthorized`) although adb reports "failed to authenticate".
 */
export async function adbConnect(
  address: ServerAddress,
  target: string,
  options: { authorized: boolean },
): Promise<void> {
  const message = await query(address, `host:connect:${target}`);
  const expected = options.authorized ? /connected to/ : /connected to|failed to authenticate/;
  if (!expected.test(message)) {
    throw new ClawperatorError("DEVICE_NOT_FOUND", `adb could not connect to ${target}: ${message.trim()}`, {
      details: { deviceId: target },
    });
  }
}

export async function adbDisconnect(address: ServerAddress, target: string): Promise<void> {
  await query(address, `host:disconnect:${target}`).catch(() => undefined);
}

/** Resolves once adb lists the serial in `device` state (the server answers when it is; no polling). */
export async function waitForDevice(address: ServerAddress, serial: string, signal?: AbortSignal): Promise<void> {
  const socket = await AdbSocket.open(address);
  const abort = () => socket.close();
  signal?.addEventListener("abort", abort, { once: true });
  try {
    // adb acknowledges the request, then answers a second OKAY when the device is ready.
    await socket.request(`host-serial:${serial}:wait-for-any-device`);
    await socket.expectOkay();
  } finally {
    signal?.removeEventListener("abort", abort);
    socket.close();
  }
}
