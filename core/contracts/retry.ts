import { z } from "zod";
import { LIMITS } from "./limits.ts";

/** The `retry` object shared by every action that accepts one (docs/execution.md#retry). */
export const RetrySchema = z.strictObject({
  maxAttempts: z.number().int().min(1).max(LIMITS.MAX_RETRY_ATTEMPTS_PER_STEP).optional(),
  initialDelayMs: z.number().int().min(0).max(LIMITS.MAX_RETRY_INITIAL_DELAY_MS).optional(),
  maxDelayMs: z.number().int().min(0).max(LIMITS.MAX_RETRY_MAX_DELAY_MS).optional(),
  backoffMultiplier: z.number().min(1).max(10).optional(),
  jitterRatio: z.number().min(0).max(1).optional(),
});

export type Retry = z.infer<typeof RetrySchema>;
export type RetryPreset = Required<Retry>;

/** Presets the device applies when `retry` is omitted. */
export const RETRY_PRESETS = {
  /** wait_for_node, and scroll_and_click's clickRetry. */
  UiReadiness: { maxAttempts: 5, initialDelayMs: 500, maxDelayMs: 3_000, backoffMultiplier: 2.0, jitterRatio: 0.15 },
  /** scroll_and_click's scrollRetry. */
  UiScroll: { maxAttempts: 4, initialDelayMs: 400, maxDelayMs: 2_000, backoffMultiplier: 2.0, jitterRatio: 0.15 },
  /** scroll: a single attempt, retrying an edge_reached scroll is wasteful. */
  None: { maxAttempts: 1, initialDelayMs: 0, maxDelayMs: 0, backoffMultiplier: 1.0, jitterRatio: 0 },
} as const satisfies Record<string, RetryPreset>;
