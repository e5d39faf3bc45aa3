import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, lstatSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { privateDir } from "../../core/host/private-files.ts";
import { encodeFrame, Frame, FrameReader, type FrameType } from "../../core/daemon/frames.ts";
import { buildId, type RuntimeRole, runtimeDir, socketPath, tokenPath } from "../../core/daemon/paths.ts";
import { extractGlobals } from "../global-flags.ts";
import type { loadCommand } from "../main.ts";
import { kernelCache } from "./kernel-cache.ts";
import { type SpareSuccessor, spareSuccessor } from "./spare-successor.ts";
import { enterRequest, type RequestIo } from "./request-io.ts";
import { type DeclineReason, type RuntimeRequest, runsInProcess, servesMcpSession } from "./request.ts";

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

/** Whether the runtime of `role` serves a request: the CLI's runtime most commands, a spare only an MCP session. */
function serves(role: RuntimeRole, request: RuntimeRequest): boolean {
  return role === "mcp" ? servesMcpSession(request.argv) : !namesInProcessCommand(request);
}

/**
 * What a spare MCP server does once it listens, so that its client's session starts at once: boots a kernel for
 * the directory and environment it was started from (its starter's, most often its next client's too, and then that
 * kernel serves the session) and loads the `mcp` command's code, the MCP SDK with it. A config that fails here is
 * left to the session, which reports it to its client.
 */
async function preloadMcp(kernels: ReturnType<typeof kernelCache>, load: typeof loadCommand): Promise<void> {
  // And what starts its successor (execa), which then costs its session's start only the spawn.
  await import("./start-runtime.ts");
  try {
    await load(await kernels.boot({ verbose: false, progress: false }), ["mcp"]);
  } catch {
    // reported by the session that meets it
  }
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
 *
 * With role `mcp`, a spare MCP server: booted and listening on its own socket until one `clawperator mcp` takes it,
 * then it stops listening (the next client finds the spare it starts in its place) and serves that client's session
 * alone, for as long as it lasts, and exits with it.
 */
export async function serveRuntime(binPath: string, role: RuntimeRole = "daemon"): Promise<void> {
  process.umask(0o077);
  // Imported as the in-process CLI imports it, so that it stays one chunk of the bundle, not one shared with this.
  const { main, loadCommand } = await import("../main.ts");
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

  const kernels = kernelCache();
  const server = createServer((socket) => accept(socket));
  const path = socketPath(process.env, role);
  if (!(await listen(server, path))) return ready("ready");
  chmodSync(path, 0o600);
  const inode = lstatSync(path).ino;
  const temporary = `${tokenPath(process.env, role)}.${process.pid}`;
  writeFileSync(temporary, token, { mode: 0o600 });
  renameSync(temporary, tokenPath(process.env, role));

  const stop = async () => {
    if (server.listening) server.close();
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
  const watch = setInterval(() => ownsSocket() || process.exit(0), WATCH_MS).unref();
  rearm();

  /** A spare taken by its client: nobody else may find it (its session starts the spare for the next client). */
  const takeOver = () => {
    server.close();
    clearInterval(watch);
    if (ownsSocket()) for (const file of [path, tokenPath(process.env, role)]) rmSync(file, { force: true });
  };

  const tokenOk = (given: unknown) =>
    typeof given === "string" &&
    given.length === token.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(token));

  function accept(socket: Socket): void {
    const reader = new FrameReader();
    let io: RequestIo | undefined;
    let first = true;
    let open = true;
    const send = (type: FrameType, data: Uint8Array | string = "") => {
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
      if (!serves(role, request)) return decline("in-process");
      busy = true;
      clearTimeout(idle);
      let successor: SpareSuccessor | undefined;
      try {
        try {
          io = enterRequest(request, binPath, send);
        } catch {
          return decline("cwd");
        }
        // The spare that takes this one's place starts in its client's directory and environment (entered here),
        // which are most likely its own client's too.
        if (role === "mcp") {
          takeOver();
          successor = spareSuccessor(kernels.boot, binPath);
        }
        send(Frame.started);
        requests++;
        const code = await main(request.argv, { boot: successor?.boot ?? kernels.boot });
        if (code === 0) await successor?.start();
        send(Frame.exit, JSON.stringify(code));
        socket.end();
      } finally {
        io?.restore();
        io = undefined;
        busy = false;
        // A spare serves one session: it exits once its client has gone.
        if (!successor) rearm();
        else if (socket.destroyed) void stop();
        else socket.once("close", () => void stop());
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
  if (role === "mcp") await preloadMcp(kernels, loadCommand);
}
