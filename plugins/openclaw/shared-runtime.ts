import type { Clawperator, CreateClawperatorOptions } from "../../runtime/create-clawperator.ts";

/**
 * One Clawperator runtime (kernel, transport, per-device result streams) for the gateway's lifetime: created by
 * the first tool call, so a gateway that never touches a device never boots it, and closed when the gateway stops.
 */
export class SharedRuntime {
  #runtime?: Promise<Clawperator>;

  constructor(private readonly options: CreateClawperatorOptions) {}

  get(): Promise<Clawperator> {
    if (this.#runtime) return this.#runtime;
    const runtime = import("../../runtime/create-clawperator.js").then(({ createClawperator }) =>
      createClawperator(this.options),
    );
    this.#runtime = runtime;
    // A failed boot (a bad config, say) is reported to this call and retried by the next one.
    runtime.catch(() => {
      if (this.#runtime === runtime) this.#runtime = undefined;
    });
    return runtime;
  }

  async close(): Promise<void> {
    const runtime = this.#runtime;
    this.#runtime = undefined;
    if (runtime) await (await runtime.catch(() => undefined))?.close();
  }
}
