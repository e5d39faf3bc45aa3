import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

/**
 * The server's requests in flight and its shutdown: once shutdown begins, the signal aborts (SSE streams close),
 * new requests are refused with SERVER_SHUTTING_DOWN, and `drained` resolves when the last request in flight is done.
 */
export class Lifecycle {
  readonly #controller = new AbortController();
  #inFlight = 0;
  #onDrained: (() => void) | undefined;

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Throws SERVER_SHUTTING_DOWN once shutdown has begun. */
  admit(): void {
    if (this.signal.aborted)
      throw new ClawperatorError("SERVER_SHUTTING_DOWN", "the server is shutting down", {
        hint: "Retry against a running server.",
      });
  }

  /** Counts `work` as in flight until it settles. */
  track<T>(work: () => T | Promise<T>): Promise<T> {
    this.#inFlight++;
    return Promise.resolve()
      .then(work)
      .finally(() => {
        if (--this.#inFlight === 0) this.#onDrained?.();
      });
  }

  beginShutdown(): void {
    this.#controller.abort();
  }

  /** Resolves when nothing is in flight. */
  drained(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.#onDrained;
      this.#onDrained = () => {
        previous?.();
        resolve();
      };
    });
  }
}
