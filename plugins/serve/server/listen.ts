import type { AddressInfo } from "node:net";
import { serve, type H3 } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { BODY_LIMIT_BYTES } from "../../../core/http/index.ts";

export interface Listening {
  port: number;
  url: string;
  /** Stops accepting connections; resolves when the open ones are done (`force` ends them at once). */
  close(force?: boolean): Promise<void>;
  /** Ends the keep-alive connections that carry no request now. */
  closeIdle(): void;
}

/**
 * Binds the app with srvx (h3's Node server); srvx's own banner and signal handling are off: serve has its own. No
 * body may exceed BODY_LIMIT_BYTES, whichever route reads it.
 */
export async function listen(app: H3, options: { host: string; port: number }): Promise<Listening> {
  const server = serve(app, {
    hostname: options.host,
    port: options.port,
    manual: true,
    silent: true,
    gracefulShutdown: false,
    maxRequestBodySize: BODY_LIMIT_BYTES,
  });
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
    closeIdle: () => (server.node!.server as { closeIdleConnections?: () => void }).closeIdleConnections?.(),
  };
}
