import type { Logger } from "../../../core/services/logger.ts";
import type { Lifecycle } from "./lifecycle.ts";
import type { Listening } from "./listen.ts";

/**
 * A request in flight cannot outlast the longest execution (120 s) plus the result grace; past that, connections end.
 */
const FORCE_AFTER_MS = 130_000;

/**
 * Serves until SIGINT or SIGTERM, then shuts down gracefully: new requests are refused, SSE streams close, the
 * requests in flight finish (or time out), and the listener closes. A second signal ends open connections at once.
 */
export function runUntilStopped(server: Listening, lifecycle: Lifecycle, logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const signals = ["SIGINT", "SIGTERM"] as const;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        logger.warn(`${signal} again: closing ${lifecycle.inFlight} request(s) in flight now`);
        void server.close(true);
        return;
      }
      stopping = true;
      logger.warn(`${signal}: shutting down after ${lifecycle.inFlight} request(s) in flight`);
      lifecycle.beginShutdown();
      const force = setTimeout(() => void server.close(true), FORCE_AFTER_MS);
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
