import { connect } from "node:net";
import { encodeFrame, Frame, FrameReader } from "./frames.ts";
import { type RuntimeRole, readToken, socketPath } from "./paths.ts";

export interface RuntimeStatus {
  running: boolean;
  pid?: number;
  build?: string;
  startedAt?: string;
  requests?: number;
  /** Whether it is running a command now (a call meanwhile runs in its own process). */
  busy?: boolean;
  idleTimeoutMs?: number;
  socket: string;
}

/**
 * Asks this user's warm runtime (or its spare MCP server) for its status or to stop. Answers undefined when none is
 * running (no socket, no token of ours, nobody listening, or no answer within a second).
 */
export function controlRuntime(
  action: "status" | "stop",
  role: RuntimeRole = "daemon",
): Promise<Omit<RuntimeStatus, "socket"> | undefined> {
  const token = readToken(process.env, role);
  if (token === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = connect(socketPath(process.env, role));
    const reader = new FrameReader();
    let answer: Omit<RuntimeStatus, "socket"> | undefined;
    const done = (value: Omit<RuntimeStatus, "socket"> | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    // A stopping runtime closes the connection when it exits; one that does not answer is taken for none.
    let timer = setTimeout(() => done(answer), 1000);
    socket.on("error", () => done(answer));
    socket.on("close", () => done(answer));
    socket.on("data", (chunk) => {
      try {
        reader.push(chunk, (type, payload) => {
          if (type !== Frame.reply) return;
          answer = JSON.parse(payload.toString("utf8")) as Omit<RuntimeStatus, "socket">;
          if (action === "status") return done(answer);
          clearTimeout(timer);
          timer = setTimeout(() => done(answer), 10_000);
        });
      } catch {
        done(undefined);
      }
    });
    socket.write(encodeFrame(Frame.control, JSON.stringify({ token, action })));
  });
}
