import { Readable } from "node:stream";
import type { AdbStream } from "./adb-stream.ts";
import type { DeviceServices, ShellSession } from "../device/device-services.ts";
import type { ServiceRequest } from "./service-request.ts";
import {
  SHELL_CLOSE_STDIN,
  SHELL_EXIT,
  SHELL_STDERR,
  SHELL_STDIN,
  SHELL_STDOUT,
  ShellPacketParser,
  encodeShellPacket,
  shellDataLimit,
} from "./shell-protocol.ts";

type CommandRequest = Extract<ServiceRequest, { kind: "shell" | "exec" }>;

const INTERACTIVE_REFUSAL = "the virtual device has no interactive shell; pass a command, e.g. adb shell getprop\n";

/**
 * Runs one shell/exec request on an open stream: stdin, stdout/stderr and the abort signal are wired to the
 * stream, and the exit code becomes a shell_v2 exit packet (legacy shell and exec carry no exit status).
 */
export async function serveCommand(
  stream: AdbStream,
  request: CommandRequest,
  services: DeviceServices,
): Promise<void> {
  const v2 = request.kind === "shell" && request.protocol === "v2";
  // A pty merges stderr into stdout and its line discipline turns every LF into CRLF (termios ONLCR).
  const pty = request.kind === "shell" && request.pty;
  const stdin = wireStdin(stream, v2);

  const emit = (id: number, data: Buffer | string): void => {
    if (!stream.isOpen) return;
    let bytes = typeof data === "string" ? Buffer.from(data) : data;
    if (pty) bytes = Buffer.from(bytes.toString("latin1").replaceAll("\n", "\r\n"), "latin1");
    if (!v2) {
      stream.write(bytes);
      return;
    }
    const limit = shellDataLimit(stream.maxPayload);
    for (let offset = 0; offset < bytes.length; offset += limit) {
      stream.write(encodeShellPacket(pty ? SHELL_STDOUT : id, bytes.subarray(offset, offset + limit)));
    }
  };
  const session: ShellSession = {
    stdin,
    stdout: (data) => emit(SHELL_STDOUT, data),
    stderr: (data) => emit(SHELL_STDERR, data),
    signal: stream.signal,
  };

  let exitCode: number;
  if (request.command.trim().length === 0) {
    session.stderr(INTERACTIVE_REFUSAL);
    exitCode = 1;
  } else {
    try {
      exitCode = await services.run(request.command, session);
    } catch (error) {
      session.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
      exitCode = 1;
    }
  }
  if (!stream.isOpen) return;
  if (v2) stream.write(encodeShellPacket(SHELL_EXIT, Buffer.of(exitCode & 0xff)));
  stream.end();
}

/**
 * The command's stdin. The client's WRTE is acknowledged only once the bytes fit in the readable's buffer,
 * so a command that reads slowly (an install) holds the client back instead of buffering without bound.
 */
function wireStdin(stream: AdbStream, v2: boolean): Readable {
  let pendingAck: (() => void) | undefined;
  let ended = false;
  const stdin = new Readable({
    read() {
      const ack = pendingAck;
      pendingAck = undefined;
      ack?.();
    },
  });
  const end = (): void => {
    if (ended) return;
    ended = true;
    stdin.push(null);
  };
  const feed = (chunks: Buffer[], ack: () => void): void => {
    let room = true;
    for (const chunk of chunks) if (!ended && chunk.length > 0) room = stdin.push(chunk);
    if (room || ended) ack();
    else pendingAck = ack;
  };

  if (v2) {
    const parser = new ShellPacketParser();
    stream.onData = (data, ack) => {
      const chunks: Buffer[] = [];
      for (const packet of parser.push(data)) {
        if (packet.id === SHELL_STDIN) chunks.push(packet.data);
        if (packet.id === SHELL_CLOSE_STDIN) {
          feed(chunks.splice(0), () => {});
          end();
        }
      }
      feed(chunks, ack);
    };
  } else {
    stream.onData = (data, ack) => feed([data], ack);
  }
  stream.signal.addEventListener("abort", end, { once: true });
  return stdin;
}
