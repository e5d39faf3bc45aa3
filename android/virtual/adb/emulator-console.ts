import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { CONSOLE_AUTH_TOKEN_FILE, loadConsoleAuthToken } from "./console-auth-token.ts";
import { ConsoleSession, type ConsoleContext } from "./console-session.ts";
import { userHome } from "../../../core/host/user-home.ts";

export interface EmulatorConsoleOptions {
  avdName: string;
  /** Where `.emulator_console_auth_token` lives; the emulator uses the HOME of its own process. */
  home?: string;
  /** `kill` was typed: the console has answered and closed; stop the device. */
  onKill?: () => void;
}

/** The emulator's telnet-style console on the port below the adb port (`adb emu ...` talks to it). */
export class EmulatorConsole {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private context: ConsoleContext | undefined;

  constructor(private readonly options: EmulatorConsoleOptions) {}

  async listen(port: number, host = "127.0.0.1"): Promise<number> {
    if (this.server) throw new Error("EmulatorConsole is already listening");
    const home = this.options.home ?? userHome();
    this.context = {
      avdName: this.options.avdName,
      authToken: await loadConsoleAuthToken(home),
      tokenPath: join(home, CONSOLE_AUTH_TOKEN_FILE),
    };
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    server.listen(port, host);
    try {
      await once(server, "listening");
    } catch (error) {
      this.server = undefined;
      throw error;
    }
    return (server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.setNoDelay(true);
    const session = new ConsoleSession(this.context!);
    socket.write(session.banner());
    let pending = "";
    socket.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      for (
        let newline = pending.indexOf("\n");
        newline >= 0 && !socket.destroyed && socket.writable;
        newline = pending.indexOf("\n")
      ) {
        const reply = session.handle(pending.slice(0, newline).replace(/\r$/, ""));
        pending = pending.slice(newline + 1);
        if (!reply) continue;
        if (!reply.close) {
          socket.write(reply.text);
          continue;
        }
        socket.end(reply.text);
        if (reply.kill) socket.once("close", () => this.options.onKill?.());
        return;
      }
    });
  }
}
