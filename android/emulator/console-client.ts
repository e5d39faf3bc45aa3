import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { userHome } from "../../core/host/user-home.ts";

/** Thrown when the console refuses (a `KO:` line), cannot be reached, or does not answer in time. */
export class ConsoleError extends Error {
  override readonly name = "ConsoleError";
}

export interface ConsoleOptions {
  host?: string;
  /** HOME holding `.emulator_console_auth_token`, as the adb client reads it. */
  home?: string;
  timeoutMs?: number;
}

/** `emulator-5554` → 5554; undefined for any other serial. */
export function consolePortOf(serial: string): number | undefined {
  const match = /^emulator-(\d+)$/.exec(serial);
  return match ? Number(match[1]) : undefined;
}

async function authToken(home: string): Promise<string | undefined> {
  try {
    return (await readFile(join(home, ".emulator_console_auth_token"), "utf8")).trim();
  } catch {
    return undefined;
  }
}

/**
 * Runs one console command, as `adb -s emulator-<port> emu <command>` does: read the banner, authenticate with
 * the token file when the banner asks, send the command and return the lines before its `OK`. `kill` ends with
 * an `OK: ...` line and the console closing, which counts as success.
 */
export async function consoleCommand(port: number, command: string, options: ConsoleOptions = {}): Promise<string[]> {
  const token = await authToken(options.home ?? userHome());
  const socket = connect(port, options.host ?? "127.0.0.1");
  socket.setNoDelay(true);
  let buffer = "";
  const lines: string[] = [];
  let waiter: (() => void) | undefined;
  let ended = false;
  let failure: Error | undefined;
  const wake = () => {
    const w = waiter;
    waiter = undefined;
    w?.();
  };
  socket.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      lines.push(buffer.slice(0, newline).replace(/\r$/, ""));
      buffer = buffer.slice(newline + 1);
    }
    wake();
  });
  socket.on("error", (error) => {
    failure = new ConsoleError(`emulator console on port ${port}: ${error.message}`);
    wake();
  });
  socket.on("close", () => {
    ended = true;
    wake();
  });
  const timer = setTimeout(() => {
    failure = new ConsoleError(`emulator console on port ${port} did not answer within ${options.timeoutMs} ms`);
    socket.destroy();
    wake();
  }, options.timeoutMs ?? 5_000);

  /** Lines up to the reply's last line (`OK`, `OK: ...` or `KO: ...`); the reply's own lines are returned. */
  const reply = async (): Promise<{ body: string[]; status: string }> => {
    for (;;) {
      const end = lines.findIndex((line) => line === "OK" || line.startsWith("OK:") || line.startsWith("KO"));
      if (end >= 0) {
        const body = lines.splice(0, end + 1);
        return { body: body.slice(0, -1), status: body[end]! };
      }
      if (failure) throw failure;
      if (ended) throw new ConsoleError(`emulator console on port ${port} closed the connection`);
      await new Promise<void>((resolve) => (waiter = resolve));
    }
  };
  try {
    const banner = await reply();
    if (banner.body.some((line) => line.includes("Authentication required"))) {
      if (token === undefined)
        throw new ConsoleError("the emulator console requires ~/.emulator_console_auth_token, which is missing");
      socket.write(`auth ${token}\r\n`);
      const auth = await reply();
      if (auth.status.startsWith("KO"))
        throw new ConsoleError(`emulator console refused authentication: ${auth.status}`);
    }
    socket.write(`${command}\r\n`);
    const answer = await reply();
    if (answer.status.startsWith("KO")) throw new ConsoleError(`emulator console: ${answer.status}`);
    if (!socket.destroyed) socket.end("quit\r\n");
    return answer.body;
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}
