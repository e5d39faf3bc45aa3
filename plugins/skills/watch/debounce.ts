import { type Clock, systemClock } from "../../../core/host/clock.ts";

/**
 * Runs `fire` once changes stop for `ms`: every `trigger` restarts the wait, so a burst of edits gives one run
 * when it settles. The clock is injectable, so a test moves time instead of sleeping.
 */
export class Debouncer {
  #pending?: AbortController;
  #closed = false;

  constructor(
    private readonly ms: number,
    private readonly fire: () => void | Promise<void>,
    private readonly clock: Clock = systemClock,
  ) {}

  trigger(): void {
    if (this.#closed) return;
    this.#pending?.abort();
    const controller = new AbortController();
    this.#pending = controller;
    this.clock.sleep(this.ms, controller.signal).then(
      () => {
        if (this.#pending !== controller || this.#closed) return;
        this.#pending = undefined;
        void this.fire();
      },
      () => {
        // restarted or closed
      },
    );
  }

  close(): void {
    this.#closed = true;
    this.#pending?.abort();
  }
}
