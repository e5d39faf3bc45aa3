import type { LineStream, Transport } from "../../core/services/transport.ts";
import type { ResultCollector } from "./result-collector.ts";

/** logcat arguments that print every line since the device time the dispatch printed (and keep streaming). */
export function resultStreamArgs(deviceTime: string | undefined): string[] {
  return ["-v", "time", "-T", deviceTime ?? "1"];
}

const MAX_STREAM_OPENS = 3;

/**
 * Reads the device log from the dispatch's device time until the collector has the envelope or the deadline
 * passes. Starting at a device time (not "now") means nothing is lost whenever the stream attaches, so no
 * log clearing and no fixed sleep before the broadcast. A stream that ends early is reopened from the same time.
 */
export async function awaitEnvelope(transport: Transport, deviceId: string, deviceTime: string | undefined, collector: ResultCollector, deadlineMs: number): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  let current: LineStream | undefined;
  const timer = setTimeout(() => void current?.close(), deadlineMs);
  try {
    for (let opens = 0; opens < MAX_STREAM_OPENS && collector.state.kind === "pending" && performance.now() < deadline; opens++) {
      current = transport.logcat(deviceId, resultStreamArgs(deviceTime));
      try {
        for await (const line of current) if (collector.feed(line)) break;
      } catch {
        // The device went away; the envelope may still come if it returns before the deadline.
      } finally {
        await current.close();
      }
    }
    if (collector.state.kind === "pending") await collector.wait(Math.max(0, deadline - performance.now()));
  } finally {
    clearTimeout(timer);
  }
}
