import { Readable } from "node:stream";
import { Frame, type FrameType } from "../../core/daemon/frames.ts";
import type { RuntimeRequest } from "./request.ts";

export interface RequestIo {
  /** Bytes the client sent for stdin; `undefined` is its end. */
  stdin(chunk: Buffer | undefined): void;
  /** Puts the runtime's own process back (after the request's command returned). */
  restore(): void;
}

type Write = NodeJS.WriteStream["write"];

/**
 * What was written, as the frame's payload (copied into the frame at once): UTF-8 text as it is, encoded once, into
 * the frame; other text and bytes as bytes.
 */
function payloadOf(chunk: unknown, encoding: unknown): Uint8Array | string {
  if (typeof chunk !== "string") return chunk as Uint8Array;
  const given = typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8";
  return given === "utf8" || given === "utf-8" ? chunk : Buffer.from(chunk, given);
}

function redirect(
  stream: NodeJS.WriteStream,
  tty: RuntimeRequest["stdout"],
  send: (data: Uint8Array | string) => void,
): () => void {
  const own = Object.getOwnPropertyDescriptors(stream);
  const write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    send(payloadOf(chunk, encoding));
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") process.nextTick(done as () => void);
    return true;
  }) as Write;
  Object.defineProperty(stream, "write", { value: write, configurable: true, writable: true });
  for (const key of ["isTTY", "columns", "rows"] as const)
    Object.defineProperty(stream, key, { value: tty[key], configurable: true, writable: true });
  return () => {
    for (const key of ["write", "isTTY", "columns", "rows"]) {
      const descriptor = own[key];
      if (descriptor) Object.defineProperty(stream, key, descriptor);
      else delete (stream as unknown as Record<string, unknown>)[key];
    }
  };
}

/**
 * Makes this process look, to the command the request runs, like the client's own: its environment, working
 * directory and argv; stdout and stderr going back to it frame by frame (as TTYs of its width when they are);
 * stdin read from it only once the command reads.
 */
export function enterRequest(
  request: RuntimeRequest,
  binPath: string,
  sendFrame: (type: FrameType, data: Uint8Array | string) => void,
): RequestIo {
  for (const key of Object.keys(process.env)) if (!(key in request.env)) delete process.env[key];
  Object.assign(process.env, request.env);
  process.chdir(request.cwd);
  const argv = process.argv;
  process.argv = [process.execPath, binPath, ...request.argv];
  process.exitCode = undefined;

  const restoreOut = redirect(process.stdout, request.stdout, (data) => sendFrame(Frame.stdout, data));
  const restoreErr = redirect(process.stderr, request.stderr, (data) => sendFrame(Frame.stderr, data));
  let asked = false;
  const stdin = new Readable({
    read() {
      if (asked) return;
      asked = true;
      sendFrame(Frame.wantStdin, Buffer.alloc(0));
    },
  });
  Object.assign(stdin, { isTTY: request.stdinTTY, fd: -1 });
  const ownStdin = Object.getOwnPropertyDescriptor(process, "stdin");
  Object.defineProperty(process, "stdin", { value: stdin, configurable: true, enumerable: true, writable: false });

  return {
    stdin: (chunk) => stdin.push(chunk ?? null),
    restore() {
      restoreOut();
      restoreErr();
      if (ownStdin) Object.defineProperty(process, "stdin", ownStdin);
      process.argv = argv;
      process.exitCode = undefined;
    },
  };
}
