import { connect } from "node:net";
import { request } from "node:http";

/** An HTTP request with exactly the headers given (fetch may not set Host), for the Host and Origin rules. */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers ?? {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

export interface TrickleClient {
  /** Everything the server sent, once it closed the connection. */
  readonly answer: Promise<string>;
  /** Resolves with the first bytes the server sends (Node's `100 Continue` once it has read the headers). */
  readonly firstBytes: Promise<string>;
  stop(): void;
}

/**
 * A stalled or hostile client: sends `head` (a request line and headers, maybe part of a body), then one byte every
 * `everyMs` and never finishes. Its connection closes only when the server closes it (or `stop`).
 */
export function trickleClient(
  port: number,
  head: string,
  options: { byte?: string; everyMs?: number } = {},
): TrickleClient {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  let timer: NodeJS.Timeout | undefined;
  const firstBytes = new Promise<string>((resolve) => socket.once("data", (chunk) => resolve(chunk.toString())));
  const answer = new Promise<string>((resolve) => {
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve(received);
    });
  });
  socket.on("connect", () => {
    socket.write(head);
    timer = setInterval(() => socket.writable && socket.write(options.byte ?? " "), options.everyMs ?? 200);
  });
  return { answer, firstBytes, stop: () => socket.destroy() };
}

/** The JSON body of a raw HTTP/1.1 answer (after the last blank line). */
export function jsonBodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.lastIndexOf("\r\n\r\n") + 4));
}
