import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type H3, serve } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
// The limit alone: the reader (and zod with it) loads with the first route that reads a body.
import { BODY_LIMIT_BYTES } from "../../../core/http/body-limit.ts";
import { Connections } from "./connections.ts";

export interface Listening {
  port: number;
  url: string;
  /** Stops accepting connections; resolves when the open ones are done (`force` ends them at once). */
  close(force?: boolean): Promise<void>;
  /** Ends the connections that carry no request now (idle keep-alive ones, and those still sending headers). */
  closeIdle(): void;
  /** Answers every request whose body is still arriving with `error` and closes its connection; returns how many. */
  cutArriving(error: ClawperatorError): number;
}

/** How often Node checks the request timeout: a slow request ends at most this long after its bound. */
const TIMEOUT_CHECK_MS = 1_000;

/**
 * Binds the app with srvx (h3's Node server); srvx's own banner and signal handling are off: serve has its own.
 * Every request must arrive (headers and body) within `requestTimeoutMs` (Node's request timeout, answered 408),
 * and no body may exceed BODY_LIMIT_BYTES, whichever route reads it.
 */
export async function listen(
  app: H3,
  options: { host: string; port: number; requestTimeoutMs: number },
): Promise<Listening> {
  const server = serve(app, {
    hostname: options.host,
    port: options.port,
    manual: true,
    silent: true,
    gracefulShutdown: false,
    maxRequestBodySize: BODY_LIMIT_BYTES,
    node: {
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: options.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, options.requestTimeoutMs),
    },
  });
  const connections = new Connections(server.node!.server as Server, options.requestTimeoutMs);
  try {
    await server.serve();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ClawperatorError(
      "SERVE_LISTEN_FAILED",
      `cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`,
      {
        hint:
          code === "EADDRINUSE"
            ? "Another process uses this port; pick another with --port (0 picks a free one)."
            : "Check --host and --port.",
        details: { host: options.host, port: options.port, ...(code ? { errno: code } : {}) },
      },
    );
  }
  const address = server.node!.server!.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    port: address.port,
    url: `http://${host}:${address.port}`,
    close: (force = false) => server.close(force),
    closeIdle: () => connections.closeIdle(),
    cutArriving: (error) => connections.cutArriving(error),
  };
}
