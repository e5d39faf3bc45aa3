import { setTimeout as delay } from "node:timers/promises";

/**
 * Where code that waits reads the time and sleeps: the emulator plugin's boot and registration waits, the virtual
 * operator's settle delays, retries and `sleep`, the virtual device's log times and `date`. Tests pass a clock they
 * move by hand, so long waits run at once and no test sleeps.
 */
export interface Clock {
  /** Wall-clock milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with an AbortError when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, signal ? { signal } : undefined),
};
