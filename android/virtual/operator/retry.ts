import type { RetryPreset } from "../../../core/contracts/retry.ts";
import type { ExecutionContext } from "./execution-context.ts";
import { StepFailure } from "./step-failure.ts";

/**
 * The wait before the next attempt: `delayMs` ± `jitterRatio`, a whole number of ms drawn uniformly (both ends
 * included).
 */
export function jitteredDelay(delayMs: number, jitterRatio: number, random: () => number): number {
  if (jitterRatio <= 0) return delayMs;
  const low = Math.floor(Math.max(0, delayMs - delayMs * jitterRatio));
  const high = Math.floor(delayMs + delayMs * jitterRatio);
  return low + Math.floor(random() * (high - low + 1));
}

export interface Stage<T> {
  /** The stage id the APK logs (`click(NodeMatcher(…))`, `openApp:<pkg>`). */
  id: string;
  /** Defaults to the id. */
  label?: string;
  /** `[TaskUiScope]` (default) or `[TaskScope]`: which scope logs "attempt k failed". */
  scope?: "ui" | "task";
  /** stage-success data; defaults to {elapsed_ms, attempt}. */
  success?: (result: T, elapsedMs: number, attempt: number) => Record<string, string>;
  /** The stage-log context after the last failed attempt; defaults to {attempt}. */
  failure?: (error: StepFailure, attempt: number) => Record<string, string>;
}

/**
 * Runs `attempt` until it succeeds or `retry.maxAttempts` attempts failed with a StepFailure, waiting with
 * exponential backoff in between, and logs the stage as the APK's TaskUiScope.withRetry does: stage-start, per
 * failed attempt stage-retry and "attempt k failed", then stage-success, or stage-failure and its context.
 * `deadline` (device ms) ends the attempts early instead of maxAttempts (wait_for_node's timeoutMs).
 */
export async function withRetry<T>(
  ctx: ExecutionContext,
  retry: RetryPreset,
  stage: Stage<T>,
  attempt: () => T | Promise<T>,
  deadline?: number,
): Promise<T> {
  const { log, ids } = ctx;
  log.stageStart(ids, stage.id, stage.label ?? stage.id);
  const started = ctx.now();
  const maxDelay = Math.max(retry.maxDelayMs, retry.initialDelayMs);
  let nextDelay = retry.initialDelayMs;
  for (let n = 1; ; n++) {
    try {
      const result = await attempt();
      const elapsed = Math.round(ctx.now() - started);
      log.stageSuccess(
        ids,
        stage.id,
        stage.success?.(result, elapsed, n) ?? { elapsed_ms: String(elapsed), attempt: String(n) },
      );
      return result;
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      let wait = jitteredDelay(nextDelay, retry.jitterRatio, ctx.random);
      if (deadline !== undefined) wait = Math.min(Math.max(wait, 1), deadline - ctx.now());
      const last = deadline !== undefined ? wait <= 0 : n >= retry.maxAttempts;
      if (last) {
        const context = stage.failure?.(error, n) ?? { attempt: String(n) };
        // The APK puts a context's reason_code in front of the stage's reason (TaskScopeDefault.withRetry).
        const code = context.reason_code;
        log.stageFailure(ids, stage.id, code === undefined ? error.message : `${code}: ${error.message}`);
        if (Object.keys(context).length > 0) {
          log.stageLog(
            ids,
            `StageFailure context: ${Object.entries(context)
              .map(([k, v]) => `${k}=${v}`)
              .join(", ")}`,
          );
        }
        throw error;
      }
      log.stageRetry(ids, stage.id, n, retry.maxAttempts, wait);
      const line = `${stage.id} attempt ${n} failed: ${error.message}; retrying in ${wait}ms`;
      if (stage.scope === "task") log.scope(line);
      else log.uiScope(line);
      await ctx.wait(wait);
      nextDelay = Math.min(nextDelay * retry.backoffMultiplier, maxDelay);
    }
  }
}
