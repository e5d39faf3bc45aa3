import { setTimeout as delay } from "node:timers/promises";

/**
 * Where the operator's time comes from. Waits (settle delays, retry backoff, `sleep`) are the only places an
 * execution spends time, so a test can swap in a virtual clock and run long backoff schedules instantly.
 */
export interface OperatorClock {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** Resolves after `ms`; rejects with an AbortError when `signal` aborts first. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: OperatorClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};

/**
 * mulberry32: a small seeded generator, so retry jitter is the same on every run of a scenario
 * (the APK uses kotlin.random, which a deterministic stand-in must not copy).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
