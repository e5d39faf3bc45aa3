import type { Readable } from "node:stream";

interface Waiter {
  done: (text: string) => boolean;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

/**
 * Collects everything a streaming command prints and lets a test wait for what it expects, instead of sleeping.
 * A wait fails as soon as the stream ends without the expected output.
 */
export class OutputWatcher {
  text = "";
  ended = false;
  readonly #waiters = new Set<Waiter>();

  constructor(stream: Readable) {
    stream.on("data", (chunk: Buffer | string) => {
      this.text += String(chunk);
      for (const waiter of this.#waiters)
        if (waiter.done(this.text)) this.#settle(waiter, () => waiter.resolve(this.text));
    });
    stream.once("close", () => {
      this.ended = true;
      for (const waiter of this.#waiters)
        this.#settle(waiter, () =>
          waiter.reject(new Error(`the stream ended before the expected output; it printed:\n${this.text}`)),
        );
    });
  }

  /** Resolves with all output so far once `done` holds for it. */
  until(done: (text: string) => boolean): Promise<string> {
    if (done(this.text)) return Promise.resolve(this.text);
    if (this.ended) return Promise.reject(new Error(`the stream has ended; it printed:\n${this.text}`));
    return new Promise((resolve, reject) => this.#waiters.add({ done, resolve, reject }));
  }

  /** Resolves once the output contains `needle`. */
  includes(needle: string): Promise<string> {
    return this.until((text) => text.includes(needle));
  }

  #settle(waiter: Waiter, settle: () => void): void {
    this.#waiters.delete(waiter);
    settle();
  }
}
