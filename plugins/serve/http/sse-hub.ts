import { EventStream, getRequestIP, type H3Event } from "h3";
import type { StreamSlots } from "../../../core/http/stream-slots.ts";
import type { EventBus, EventName } from "../../../core/services/event-bus.ts";

const FORWARDED: readonly EventName[] = [
  "clawperator:result",
  "clawperator:execution",
  "clawperator:skills-changed",
  "clawperator:skills-install-progress",
];

export interface SseHubOptions {
  bus: EventBus;
  heartbeatMs: number;
  /** The server's stream budget: each client holds a slot while its stream is open. */
  slots: StreamSlots;
  /** Aborts when the server shuts down: every stream closes. */
  shutdown: AbortSignal;
}

/**
 * The clients of GET /events. Subscribes to the event bus once and serializes each event once for all clients;
 * each client gets `heartbeat` CONNECTED when it connects and a heartbeat every `heartbeatMs` after.
 */
export class SseHub {
  readonly #streams = new Set<EventStream>();
  readonly #unsubscribe: (() => void)[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SseHubOptions) {
    options.shutdown.addEventListener("abort", () => this.close(), { once: true });
  }

  /** A client's stream; STREAM_LIMIT_REACHED (thrown before anything is sent) when the budget has no slot for it. */
  open(event: H3Event): EventStream {
    const slot = this.options.shutdown.aborted ? undefined : this.options.slots.take(getRequestIP(event) ?? "");
    const stream = new EventStream(event);
    if (!slot) {
      void stream.close();
      return stream;
    }
    this.#streams.add(stream);
    stream.onClosed(() => {
      slot.release();
      this.#remove(stream);
    });
    void stream.push({
      event: "heartbeat",
      data: JSON.stringify({ code: "CONNECTED", message: "Clawperator SSE stream active" }),
    });
    this.#start();
    return stream;
  }

  /** Closes every stream (shutdown). */
  close(): void {
    this.#stop();
    for (const stream of this.#streams) void stream.close();
    this.#streams.clear();
  }

  #broadcast(event: string, data: string): void {
    for (const stream of this.#streams) void stream.push({ event, data });
  }

  #start(): void {
    if (this.#unsubscribe.length) return;
    for (const name of FORWARDED)
      this.#unsubscribe.push(this.options.bus.on(name, (payload) => this.#broadcast(name, JSON.stringify(payload))));
    this.#timer = setInterval(
      () => this.#broadcast("heartbeat", JSON.stringify({ code: "HEARTBEAT", time: new Date().toISOString() })),
      this.options.heartbeatMs,
    );
    this.#timer.unref();
  }

  #stop(): void {
    for (const off of this.#unsubscribe.splice(0)) off();
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #remove(stream: EventStream): void {
    this.#streams.delete(stream);
    if (this.#streams.size === 0) this.#stop();
  }
}
