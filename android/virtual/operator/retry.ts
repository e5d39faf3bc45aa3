import type { RetryPreset } from "../../../core/contracts/retry.ts";
import type { ExecutionContext } from "./execution-context.ts";
import { StepFailure } from "./step-failure.ts";

/** The wait before the next attempt: `delayMs` ± `jitterRatio`, a whole number of ms drawn uniformly (both ends included). */
export function jitteredDelay(delayMs: number, jitterRatio: number, random: () => number): number {
  if (jitterRatio <= 0) return delayMs;
  const low = Math.floor(Math.max(0, delayMs - delayMs * jitterRatio));
  const high = Math.floor(delayMs + delayMs * jitterRatio);
  return low + Math.floor(random() * (high - low + 1));
}

/**
 * Runs `attempt` until it succeeds or `retry.maxAttempts` attempts failed with a StepFailure, waiting with
 * exponential backoff in between (the APK's TaskScope.withRetry): initialDelayMs, then × backoffMultiplier,
 * capped at maxDelayMs, each wait jittered.
 */
export async function withRetry<T>(ctx: ExecutionContext, retry: RetryPreset, stage: string, attempt: () => T | Promise<T>): Promise<T> {
  const maxDelay = Math.max(retry.maxDelayMs, retry.initialDelayMs);
  let nextDelay = retry.initialDelayMs;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof StepFailure) || n >= retry.maxAttempts) throw error;
      const wait = jitteredDelay(nextDelay, retry.jitterRatio, ctx.random);
      ctx.log.progress("D", `stage-retry stage=${stage} attempt=${n}/${retry.maxAttempts} delayMs=${wait} reason=${error.code}`);
      await ctx.wait(wait);
      nextDelay = Math.min(nextDelay * retry.backoffMultiplier, maxDelay);
    }
  }
}
