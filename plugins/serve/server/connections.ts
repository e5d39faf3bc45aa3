import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { toErrorBody } from "./error-response.ts";

interface Carried {
  req: IncomingMessage;
  res: ServerResponse;
}

/**
 * Answers a connection no handler will answer (its request timed out, or shutdown cut it) with the JSON error, then
 * closes it: ended first so the answer goes out, destroyed once it has, so a client still sending is not read on.
 */
function answerAndClose(socket: Duplex, error: ClawperatorError): void {
  const { status, body } = toErrorBody(error);
  const json = JSON.stringify(body);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    "content-type: application/json;charset=UTF-8",
    `content-length: ${Buffer.byteLength(json)}`,
    "connection: close",
  ];
  socket.once("finish", () => socket.destroy());
  socket.end(`${head.join("\r\n")}\r\n\r\n${json}`);
}

/**
 * The server's connections and the request each carries. Node's own idle-connection closing leaves two kinds open
 * that shutdown must end: a connection still sending its headers, and a request whose body is still arriving. Node
 * ends a request that takes longer than the request timeout to arrive (headers and body); its answer is JSON here.
 */
export class Connections {
  readonly #carrying = new Map<Socket, Carried | undefined>();

  constructor(
    server: Server,
    private readonly requestTimeoutMs: number,
  ) {
    server.on("connection", (socket: Socket) => {
      this.#carrying.set(socket, undefined);
      socket.once("close", () => this.#carrying.delete(socket));
    });
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      const { socket } = req;
      this.#carrying.set(socket, { req, res });
      res.once("finish", () => {
        if (this.#carrying.get(socket)?.req === req) this.#carrying.set(socket, undefined);
      });
    });
    server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => this.#clientError(error, socket));
  }

  /** Ends every connection that carries no request now: idle keep-alive ones, and those still sending headers. */
  closeIdle(): void {
    for (const [socket, carried] of this.#carrying) if (!carried) socket.destroy();
  }

  /** Answers every request whose body is still arriving with `error` and closes its connection; returns how many. */
  cutArriving(error: ClawperatorError): number {
    let cut = 0;
    for (const [socket, carried] of this.#carrying) {
      if (!carried || carried.req.complete || carried.res.headersSent) continue;
      answerAndClose(socket, error);
      cut++;
    }
    return cut;
  }

  #clientError(error: NodeJS.ErrnoException, socket: Duplex): void {
    const carried = this.#carrying.get(socket as Socket);
    if (!socket.writable || carried?.res.headersSent) {
      socket.destroy();
      return;
    }
    answerAndClose(
      socket,
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new ClawperatorError("REQUEST_TIMEOUT", `the request did not arrive within ${this.requestTimeoutMs} ms`, {
            hint: "Send the headers and the whole body at once; `serve --request-timeout-ms` sets the bound.",
            details: { requestTimeoutMs: this.requestTimeoutMs },
          })
        : new ClawperatorError("BAD_REQUEST", `malformed HTTP request (${error.code ?? error.message})`),
    );
  }
}
