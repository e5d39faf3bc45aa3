import type { LineStream, Transport } from "../../core/services/transport.ts";
import { resultStreamArgs } from "./await-envelope.ts";
import type { ResultCollector } from "./result-collector.ts";
import { deviceLost, MAX_EMPTY_STREAMS, MAX_STREAM_OPENS } from "./stream-loss.ts";

interface Waiting {
  collector: ResultCollector;
  receiverPackage: string;
  /** Device time of its dispatch, once dispatched: a reopened stream must start at the earliest of these. */
  deviceTime?: string | undefined;
  dispatched: boolean;
  opens: number;
  /** Streams in a row that ended without a line while it waited. */
  empty: number;
}

interface DeviceStream {
  stream: LineStream;
  closed: boolean;
}

/**
 * One logcat stream per device for long-lived processes: lines are routed to the collectors of the executions
 * in flight, so an execution costs one adb round trip. When the stream ends while an execution waits, it is
 * reopened from that execution's dispatch time (its collector rewinds); when it cannot be reopened, the device
 * went away and every waiting execution fails at once with the device's code. With nothing waiting, an ended
 * stream is simply dropped and the next dispatch opens a new one.
 */
export class SharedResultStreams {
  readonly #streams = new Map<string, DeviceStream>();
  readonly #waiting = new Map<string, Set<Waiting>>();

  constructor(private readonly transport: Transport) {}

  /** Registers a collector before its dispatch (so no line is missed); the returned function detaches it. */
  attach(
    deviceId: string,
    collector: ResultCollector,
    receiverPackage: string,
  ): { dispatched(deviceTime: string | undefined): Promise<void>; detach(): void } {
    const set = this.#waiting.get(deviceId) ?? new Set();
    this.#waiting.set(deviceId, set);
    const entry: Waiting = { collector, receiverPackage, dispatched: false, opens: 0, empty: 0 };
    set.add(entry);
    return {
      dispatched: async (deviceTime) => {
        entry.deviceTime = deviceTime;
        entry.dispatched = true;
        if (!this.#streams.has(deviceId)) await this.#open(deviceId, deviceTime);
      },
      detach: () => set.delete(entry),
    };
  }

  async #open(deviceId: string, deviceTime: string | undefined): Promise<void> {
    const stream = this.transport.logcat(deviceId, resultStreamArgs(deviceTime));
    const entry: DeviceStream = { stream, closed: false };
    this.#streams.set(deviceId, entry);
    for (const waiting of this.#waiting.get(deviceId) ?? []) if (waiting.dispatched) waiting.opens++;
    void this.#pump(deviceId, entry);
    await stream.ready.catch(() => undefined);
  }

  async #pump(deviceId: string, entry: DeviceStream): Promise<void> {
    let lines = 0;
    let failure: unknown;
    try {
      for await (const line of entry.stream) {
        lines++;
        for (const waiting of this.#waiting.get(deviceId) ?? []) waiting.collector.feed(line);
      }
    } catch (error) {
      failure = error;
    } finally {
      if (this.#streams.get(deviceId) === entry) this.#streams.delete(deviceId);
    }
    if (entry.closed) return;
    const pending = [...(this.#waiting.get(deviceId) ?? [])].filter(
      (w) => w.dispatched && w.collector.state.kind === "pending",
    );
    if (pending.length === 0) return;
    for (const w of pending) w.empty = lines === 0 ? w.empty + 1 : 0;
    if (failure === undefined && pending.some((w) => w.empty >= MAX_EMPTY_STREAMS || w.opens >= MAX_STREAM_OPENS)) {
      failure = new Error(
        `the device log stream ended ${Math.max(...pending.map((w) => w.opens))} times before the result`,
      );
    }
    if (failure !== undefined) {
      for (const w of pending)
        w.collector.fail(
          deviceLost(failure, {
            deviceId,
            receiverPackage: w.receiverPackage,
            collector: w.collector,
            streamOpens: w.opens,
          }),
        );
      return;
    }
    // Read again from the earliest dispatch still waiting; its lines come again, so its collectors start over.
    for (const w of pending) w.collector.rewind();
    await this.#open(deviceId, earliest(pending.map((w) => w.deviceTime)));
  }

  async close(): Promise<void> {
    const streams = [...this.#streams.values()];
    this.#streams.clear();
    for (const s of streams) s.closed = true;
    await Promise.all(streams.map((s) => s.stream.close()));
  }
}

/** The earliest of `MM-DD HH:MM:SS.mmm` times (they compare as strings within a year); undefined if any is. */
function earliest(times: Array<string | undefined>): string | undefined {
  if (times.some((t) => t === undefined)) return undefined;
  return [...(times as string[])].sort()[0];
}
