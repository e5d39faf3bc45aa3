/**
 * The tool calls a session is running. A client that leaves (or cancels) gets no answer, but its calls still run to
 * their real end, each within its own timeout: an execution the device is doing holds its lock until the device is
 * done, and the session waits for that before it lets the process go.
 */
export class CallsInFlight {
  readonly #running = new Set<Promise<unknown>>();

  get size(): number {
    return this.#running.size;
  }

  track<T>(call: Promise<T>): Promise<T> {
    this.#running.add(call);
    const done = () => this.#running.delete(call);
    call.then(done, done);
    return call;
  }

  /** Resolves once every call running now has ended, whatever its outcome. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#running]);
  }
}
