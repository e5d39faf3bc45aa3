import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Logger } from "../../../core/services/logger.ts";
import type { Lifecycle } from "./lifecycle.ts";
import type { Listening } from "./listen.ts";

/**
 * A request in flight cannot outlast the longest execution (120 s) plus the result grace; past that, connections end.
 */
const FORCE_AFTER_MS = 130_000;

/**
 * Serves until SIGINT or SIGTERM, then shuts down gracefully: new requests are refused, SSE streams close, requests
 * whose body is still arriving are answered 503 and closed, idle connections (and those still sending headers) end,
 * the requests in flight finish (or, past the bound, are cut and reported), and the listener closes. A second signal
 * ends open connections at once.
 */
export function runUntilStopped(server: Listening, lifecycle: Lifecycle, logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const signals = ["SIGINT", "SIGTERM"] as const;
    const forceClose = (why: string) => {
      logger.warn(`${why}: closing ${lifecycle.inFlight} request(s) in flight now`);
      void server.close(true);
    };
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) return forceClose(`${signal} again`);
      stopping = true;
      lifecycle.beginShutdown();
      const cut = server.cutArriving(
        new ClawperatorError("SERVER_SHUTTING_DOWN", "the server is shutting down; the request had not fully arrived", {
          hint: "Retry against a running server.",
        }),
      );
      server.closeIdle();
      logger.warn(
        `${signal}: shutting down after ${lifecycle.inFlight} request(s) in flight` +
          (cut ? ` (${cut} of them still arriving: answered 503 and closed)` : ""),
      );
      const force = setTimeout(
        () => forceClose(`still running ${FORCE_AFTER_MS / 1000} s after ${signal}`),
        FORCE_AFTER_MS,
      );
      force.unref();
      const closed = server.close();
      void lifecycle
        .drained()
        // A connection whose last answer went out after close() began is idle now; end it rather than wait for its
        // timeout.
        .then(() => setImmediate(() => server.closeIdle()))
        .then(() => closed)
        .catch(() => undefined)
        .then(() => {
          clearTimeout(force);
          for (const s of signals) process.off(s, onSignal);
          resolve();
        });
    };
    for (const s of signals) process.on(s, onSignal);
  });
}
