import type { LineStream, Transport } from "../../core/services/transport.ts";
import type { ResultCollector } from "./result-collector.ts";
import { deviceLost, MAX_EMPTY_STREAMS, MAX_STREAM_OPENS, streamsKeepEnding } from "./stream-loss.ts";

/** logcat arguments that print every line since the device time the dispatch printed (and keep streaming). */
export function resultStreamArgs(deviceTime: string | undefined): string[] {
  return ["-v", "time", "-T", deviceTime ?? "1"];
}

export interface AwaitRequest {
  transport: Transport;
  deviceId: string;
  receiverPackage: string;
  /** The device time the dispatch printed: every (re)opened stream starts there. */
  deviceTime: string | undefined;
  collector: ResultCollector;
  deadlineMs: number;
}

/**
 * Reads the device log from the dispatch's device time until the collector has the envelope or the deadline
 * passes. Starting at a device time (not "now") means nothing is lost whenever the stream attaches, so no log
 * clearing and no fixed sleep. A stream that ends early is reopened from the same time (the collector rewinds,
 * as it reads those lines again): after `adb kill-server` the transport restarts the server and reconnects the
 * device, and an envelope the device wrote meanwhile is still found. A stream that cannot be reopened means the
 * device went away: that fails at once with the device's code.
 */
export async function awaitEnvelope(request: AwaitRequest): Promise<void> {
  const { transport, deviceId, collector } = request;
  let current: LineStream | undefined;
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    void current?.close();
  }, request.deadlineMs);
  let opens = 0;
  let emptyInARow = 0;
  const context = () => ({ deviceId, receiverPackage: request.receiverPackage, collector, streamOpens: opens });
  try {
    while (collector.state.kind === "pending" && !expired) {
      if (opens++ > 0) collector.rewind();
      current = transport.logcat(deviceId, resultStreamArgs(request.deviceTime));
      let lines = 0;
      try {
        for await (const line of current) {
          lines++;
          if (collector.feed(line)) break;
        }
      } catch (error) {
        if (!expired) throw deviceLost(error, context());
      } finally {
        await current.close();
      }
      emptyInARow = lines === 0 ? emptyInARow + 1 : 0;
      const pending = collector.state.kind === "pending" && !expired;
      if (pending && (emptyInARow >= MAX_EMPTY_STREAMS || opens >= MAX_STREAM_OPENS))
        throw streamsKeepEnding(context());
    }
  } finally {
    clearTimeout(timer);
  }
}
