import type { LineStream, Transport } from "../../core/services/transport.ts";
import { resultStreamArgs } from "./await-envelope.ts";
import type { ResultCollector } from "./result-collector.ts";

interface DeviceStream {
  stream: LineStream;
  collectors: Set<ResultCollector>;
}

/**
 * One logcat stream per device for long-lived processes: lines are routed to the collectors of the executions
 * in flight, so an execution costs one adb round trip. A stream that ends is reopened by the next dispatch,
 * from that dispatch's device time.
 */
export class SharedResultStreams {
  readonly #streams = new Map<string, DeviceStream>();
  readonly #collectors = new Map<string, Set<ResultCollector>>();

  constructor(private readonly transport: Transport) {}

  attach(deviceId: string, collector: ResultCollector): () => void {
    const set = this.#collectors.get(deviceId) ?? new Set();
    this.#collectors.set(deviceId, set);
    set.add(collector);
    return () => set.delete(collector);
  }

  async ensure(deviceId: string, deviceTime: string | undefined): Promise<void> {
    if (this.#streams.has(deviceId)) return;
    const collectors = this.#collectors.get(deviceId) ?? new Set();
    this.#collectors.set(deviceId, collectors);
    const stream = this.transport.logcat(deviceId, resultStreamArgs(deviceTime));
    this.#streams.set(deviceId, { stream, collectors });
    void this.#pump(deviceId, stream, collectors);
    await stream.ready.catch(() => undefined);
  }

  async #pump(deviceId: string, stream: LineStream, collectors: Set<ResultCollector>): Promise<void> {
    try {
      for await (const line of stream) for (const collector of collectors) collector.feed(line);
    } catch {
      // The device went away; the next dispatch reopens the stream.
    } finally {
      if (this.#streams.get(deviceId)?.stream === stream) this.#streams.delete(deviceId);
    }
  }

  async close(): Promise<void> {
    const streams = [...this.#streams.values()];
    this.#streams.clear();
    await Promise.all(streams.map((s) => s.stream.close()));
  }
}
