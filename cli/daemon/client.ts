import { connect, type Socket } from "node:net";
import { encodeFrame, Frame, FrameReader } from "../../core/daemon/frames.ts";
import { buildId, type RuntimeRole, readToken, socketPath } from "../../core/daemon/paths.ts";
import { type DeclineReason, type RuntimeRequest, runsInProcess, servesMcpSession } from "./request.ts";

type Outcome =
  | { kind: "exit"; code: number }
  | { kind: "decline"; reason: DeclineReason }
  /** No runtime answered: none is running, or what is there is not ours. */
  | { kind: "unreachable" }
  /** The runtime ended after it had started the command: it cannot be run again in process (it may have acted). */
  | { kind: "lost" };

const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function ttyOf(stream: NodeJS.WriteStream): RuntimeRequest["stdout"] {
  return stream.isTTY ? { isTTY: true, columns: stream.columns, rows: stream.rows } : { isTTY: false };
}

/** One CLI call over the runtime's socket: stdout/stderr written as they come, stdin sent when the command reads. */
function send(argv: readonly string[], token: string, build: string, role: RuntimeRole): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket: Socket = connect(socketPath(process.env, role));
    const reader = new FrameReader();
    let started = false;
    let signalled: NodeJS.Signals | undefined;
    let settled = false;
    let reading = false;
    const onSignal = (signal: NodeJS.Signals) => {
      signalled = signal;
      if (started) socket.write(encodeFrame(Frame.cancel, signal));
      else socket.destroy();
    };
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      for (const signal of FORWARDED) process.off(signal, onSignal);
      socket.destroy();
      if (reading) process.stdin.pause();
      // A command ended by a signal the user sent ends this process by the same signal, as in process.
      if (signalled && outcome.kind !== "exit") {
        process.kill(process.pid, signalled);
        return;
      }
      resolve(outcome);
    };
    for (const signal of FORWARDED) process.on(signal, onSignal);
    socket.on("error", () => finish(started ? { kind: "lost" } : { kind: "unreachable" }));
    socket.on("close", () => finish(started ? { kind: "lost" } : { kind: "unreachable" }));
    socket.on("data", (chunk) => {
      try {
        reader.push(chunk, (type, payload) => {
          if (type === Frame.stdout) process.stdout.write(payload);
          else if (type === Frame.stderr) process.stderr.write(payload);
          else if (type === Frame.started) started = true;
          else if (type === Frame.wantStdin && !reading) {
            reading = true;
            process.stdin.on("data", (data: Buffer) => socket.write(encodeFrame(Frame.stdin, data)));
            process.stdin.on("end", () => socket.write(encodeFrame(Frame.stdinEnd)));
          } else if (type === Frame.exit)
            finish({ kind: "exit", code: JSON.parse(payload.toString("utf8")) as number });
          else if (type === Frame.decline)
            finish({ kind: "decline", reason: payload.toString("utf8") as DeclineReason });
        });
      } catch {
        finish(started ? { kind: "lost" } : { kind: "unreachable" });
      }
    });
    const request: RuntimeRequest = {
      token,
      build,
      argv: [...argv],
      cwd: process.cwd(),
      env: process.env as Record<string, string>,
      stdinTTY: process.stdin.isTTY === true,
      stdout: ttyOf(process.stdout),
      stderr: ttyOf(process.stderr),
    };
    socket.write(encodeFrame(Frame.request, JSON.stringify(request)));
  });
}

/**
 * What the client needs only when the runtime is not there or failed: loaded from the CLI's own bundle, so that
 * this module, on every call's path, is one small file that imports nothing but Node's own modules.
 */
export type RuntimeFallbacks = () => Promise<{
  startRuntime(binPath: string): Promise<true | string>;
  reportLostRuntime(argv: readonly string[]): number;
}>;

/**
 * Runs a CLI call in this user's warm runtime, starting one when none runs (or one of another build did). Answers
 * the exit code, or undefined when the call is to run in process: declined (busy, a long-running command) or no
 * runtime could be reached (said once with --verbose).
 */
export async function runViaRuntime(
  argv: readonly string[],
  binPath: string,
  fallbacks: RuntimeFallbacks,
): Promise<number | undefined> {
  if (servesMcpSession(argv)) return runViaSpare(argv, binPath);
  // The other long-running commands (and `mcp` with flags for HTTP or help) would only be declined: no runtime is
  // asked, nor started for them. With global flags first, the runtime's own check declines them.
  if (runsInProcess(argv)) return undefined;
  const build = buildId(binPath);
  let why = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = readToken();
    const outcome = token === undefined ? ({ kind: "unreachable" } as const) : await send(argv, token, build, "daemon");
    if (outcome.kind === "exit") return outcome.code;
    if (outcome.kind === "lost") return (await fallbacks()).reportLostRuntime(argv);
    if (outcome.kind === "decline" && outcome.reason !== "build") return undefined;
    if (attempt === 0) {
      const started = await (await fallbacks()).startRuntime(binPath);
      if (started !== true) {
        why = started;
        break;
      }
    }
    why = outcome.kind === "decline" ? "it was replaced" : "it could not be reached";
  }
  if (argv.includes("--verbose")) process.stderr.write(`clawperator: no warm runtime (${why}); running in process\n`);
  return undefined;
}

/**
 * An MCP client's session over stdio, served by the spare MCP server waiting for it (booted, the SDK loaded), or,
 * with none waiting (the first in a while, or another build's), in this process (which starts a spare for the next
 * one: `mainInProcess` in cli/main.ts). Answers the exit code, or undefined when the session is to run here.
 */
async function runViaSpare(argv: readonly string[], binPath: string): Promise<number | undefined> {
  const token = readToken(process.env, "mcp");
  const outcome =
    token === undefined ? ({ kind: "unreachable" } as const) : await send(argv, token, buildId(binPath), "mcp");
  if (outcome.kind === "exit") return outcome.code;
  // Said on stderr only: stdout carries the client's protocol messages, and the session cannot go on elsewhere.
  if (outcome.kind === "lost") {
    process.stderr.write(
      "clawperator: the spare MCP server serving this session ended before it did; the client may start a new one " +
        "(CLAWPERATOR_NO_DAEMON=1 serves sessions in their own process)\n",
    );
    return 1;
  }
  if (argv.includes("--verbose"))
    process.stderr.write("clawperator: no spare MCP server was waiting; serving in process, one starts for the next\n");
  return undefined;
}
