import { createServer } from "node:net";

/** Binds `port` (0 = any) on loopback and releases it; resolves with the port, or undefined if taken. */
async function tryPort(port: number): Promise<number | undefined> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const bound = (server.address() as { port: number }).port;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A free loopback port outside adb's emulator range 5554–5585 (an adb server scanning emulators would probe it),
 * for private adb servers, virtual devices and anything else a test listens on.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await tryPort(0);
    if (port !== undefined && (port < 5554 || port > 5585)) return port;
  }
}

/**
 * An odd port whose neighbour one below is free too: an emulator's adb and console pair. Both come from below Linux's
 * ephemeral range (32768+), where outgoing connections take their even local ports, and above 5585.
 */
export async function freePortPair(): Promise<number> {
  for (;;) {
    const port = 10_001 + 2 * Math.floor(Math.random() * 11_000);
    if ((await tryPort(port)) !== undefined && (await tryPort(port - 1)) !== undefined) return port;
  }
}

/** A random odd port in 5555–5585 whose console port (one below) is free too: where an emulator listens. */
export async function freeEmulatorPort(): Promise<number> {
  const candidates = Array.from({ length: 16 }, (_, i) => 5555 + 2 * i).sort(() => Math.random() - 0.5);
  for (const port of candidates) {
    if ((await tryPort(port)) !== undefined && (await tryPort(port - 1)) !== undefined) return port;
  }
  throw new Error("no free emulator port pair in 5554–5585");
}

/** `count` consecutive free ports, all above 5585 and below Linux's ephemeral range: for a unit given a port range. */
export async function freePortRange(count: number): Promise<{ min: number; max: number }> {
  for (;;) {
    const min = 10_000 + Math.floor(Math.random() * (22_000 - count));
    let free = true;
    for (let port = min; free && port < min + count; port++) free = (await tryPort(port)) !== undefined;
    if (free) return { min, max: min + count - 1 };
  }
}
