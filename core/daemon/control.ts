import { connect } from "node:net";
import { encodeFrame, Frame, FrameReader } from "./frames.ts";
import { readToken, socketPath } from "./paths.ts";

export interface RuntimeStatus {
  running: boolean;
  pid?: number;
  build?: string;
  startedAt?: string;
  requests?: number;
  idleTimeoutMs?: number;
  socket: string;
}

/**
 * Asks this user's warm runtime for its status or to stop. Answers undefined when none is running (no socket, no
 * token of ours, nobody listening, or no answer within a second).
 */
export function controlRuntime(action: "status" | "stop"): Promise<Omit<RuntimeStatus, "socket"> | undefined> {
  const token = readToken();
  if (token === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = connect(socketPath());
    const reader = new FrameReader();
    const done = (value: Omit<RuntimeStatus, "socket"> | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => done(undefined), 1000);
    socket.on("error", () => done(undefined));
    socket.on("close", () => done(undefined));
    socket.on("data", (chunk) => {
      try {
        reader.push(chunk, (type, payload) => {
          if (type === Frame.reply) done(JSON.parse(payload.toString("utf8")) as Omit<RuntimeStatus, "socket">);
        });
      } catch {
        done(undefined);
      }
    });
    socket.write(encodeFrame(Frame.control, JSON.stringify({ token, action })));
  });
}
