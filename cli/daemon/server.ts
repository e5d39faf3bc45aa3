import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, lstatSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { privateDir } from "../../core/host/private-files.ts";
import { encodeFrame, Frame, FrameReader, type FrameType } from "../../core/daemon/frames.ts";
import { buildId, runtimeDir, socketPath, tokenPath } from "../../core/daemon/paths.ts";
import { extractGlobals } from "../global-flags.ts";
import { kernelCache } from "./kernel-cache.ts";
import { enterRequest, type RequestIo } from "./request-io.ts";
import { type DeclineReason, type RuntimeRequest, runsInProcess } from "./request.ts";

/** Idle time after which the runtime exits; CLAWPERATOR_DAEMON_IDLE_MS sets it when the runtime starts. */
const DEFAULT_IDLE_MS = 15 * 60_000;
/** How often the runtime checks that its socket is still its own (a removed home, a replacing runtime). */
const WATCH_MS = 5_000;

/** Whether a request names a command that always runs in its client's process (global flags first or not). */
function namesInProcessCommand(request: RuntimeRequest): boolean {
  let rest: string[];
  try {
    rest = extractGlobals(request.argv, request.env).rest;
  } catch {
    return false;
  }
  return runsInProcess(rest);
}

/** Listens on the socket, or answers false when a live runtime already does. */
async function listen(server: Server, path: string): Promise<boolean> {
  for (;;) {
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once("error", resolve);
      server.listen(path, () => resolve(undefined));
    });
    if (!error) return true;
    if (error.code !== "EADDRINUSE") throw error;
    const alive = await new Promise<boolean>((resolve) => {
      const probe = connect(path, () => resolve(true)).on("error", () => resolve(false));
      probe.unref();
    });
    if (alive) return false;
    rmSync(path, { force: true });
  }
}

/**
 * The warm runtime: one per user (per CLAWPERATOR_HOME), started by the first CLI call, serving calls one at a time
 * over a 0600 socket in the 0700 runtime directory. A call that finds it busy runs in its own process.
 */
export async function serveRuntime(binPath: string): Promise<void> {
  process.umask(0o077);
  // Imported as the in-process CLI imports it, so that it stays one chunk of the bundle, not one shared with this.
  const { main } = await import("../main.ts");
  const ready = (message: string) => {
    if (process.send) process.send(message, () => process.disconnect());
  };
  if (!privateDir(runtimeDir())) return ready("its directory is not private");
  const build = buildId(binPath);
  const token = randomBytes(32).toString("hex");
  const idleMs = Number(process.env.CLAWPERATOR_DAEMON_IDLE_MS) || DEFAULT_IDLE_MS;
  const startedAt = new Date().toISOString();
  let requests = 0;
  let busy = false;
  let idle: NodeJS.Timeout | undefined;

  const server = createServer((socket) => accept(socket));
  const path = socketPath();
  if (!(await listen(server, path))) return ready("ready");
  chmodSync(path, 0o600);
  const inode = lstatSync(path).ino;
  const temporary = `${tokenPath()}.${process.pid}`;
  writeFileSync(temporary, token, { mode: 0o600 });
  renameSync(temporary, tokenPath());

  const kernels = kernelCache();
  const stop = async () => {
    server.close();
    await kernels.dispose();
    // Only our own socket: a runtime that replaced this one listens on a new file at the same path.
    if (ownsSocket()) rmSync(path, { force: true });
    process.exit(0);
  };
  const ownsSocket = () => {
    try {
      return lstatSync(path).ino === inode;
    } catch {
      return false;
    }
  };
  const rearm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => void stop(), idleMs);
  };
  setInterval(() => ownsSocket() || process.exit(0), WATCH_MS).unref();
  rearm();

  const tokenOk = (given: unknown) =>
    typeof given === "string" &&
    given.length === token.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(token));

  function accept(socket: Socket): void {
    const reader = new FrameReader();
    let io: RequestIo | undefined;
    let first = true;
    let open = true;
    const send = (type: FrameType, data: Buffer | string = "") => {
      if (open) socket.write(encodeFrame(type, data));
    };
    // A client killed mid-request: the command runs to its end, its output goes nowhere, its stdin ends.
    socket.on("close", () => {
      open = false;
      io?.stdin(undefined);
    });
    socket.on("error", () => {
      open = false;
    });
    socket.on("data", (chunk) => {
      try {
        reader.push(chunk, (type, payload) => {
          if (first) {
            first = false;
            const message = JSON.parse(payload.toString("utf8")) as { token?: unknown; action?: string };
            if (!tokenOk(message.token)) return socket.destroy();
            if (type === Frame.control) return control(message.action, socket);
            if (type === Frame.request) return void run(message as RuntimeRequest);
            return socket.destroy();
          }
          if (type === Frame.stdin) io?.stdin(Buffer.from(payload));
          else if (type === Frame.stdinEnd) io?.stdin(undefined);
          // Ctrl-C on the client: this process gets the signal the in-process CLI would have got, so the command's
          // own handling (stop the device work, release the lock, or die of it) is the same.
          else if (type === Frame.cancel && io) process.kill(process.pid, payload.toString("utf8") as NodeJS.Signals);
        });
      } catch {
        socket.destroy();
      }
    });

    const decline = (reason: DeclineReason) => {
      send(Frame.decline, reason);
      socket.end();
    };

    async function run(request: RuntimeRequest): Promise<void> {
      if (busy) return decline("busy");
      if (request.build !== build) {
        decline("build");
        return void stop();
      }
      if (namesInProcessCommand(request)) return decline("in-process");
      busy = true;
      clearTimeout(idle);
      try {
        try {
          io = enterRequest(request, binPath, send);
        } catch {
          return decline("cwd");
        }
        send(Frame.started);
        requests++;
        const code = await main(request.argv, { boot: kernels.boot });
        send(Frame.exit, JSON.stringify(code));
        socket.end();
      } finally {
        io?.restore();
        io = undefined;
        busy = false;
        rearm();
      }
    }
  }

  function control(action: string | undefined, socket: Socket): void {
    const status = { running: true, pid: process.pid, build, startedAt, requests, busy, idleTimeoutMs: idleMs };
    if (action !== "stop") return void socket.end(encodeFrame(Frame.reply, JSON.stringify(status)));
    // The connection stays open until this process is gone: `daemon stop` returns once it has stopped.
    socket.write(encodeFrame(Frame.reply, JSON.stringify(status)), () => void stop());
  }

  ready("ready");
}
