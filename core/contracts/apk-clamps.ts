import type { Execution } from "./execution.ts";

/** A value the contract accepts but the APK's parser changes silently (docs/protocol.md#retry). */
export interface ApkClamp {
  path: string;
  value: number;
  /** What the APK runs with. */
  applied: number;
  reason: string;
}

const RETRY_KEYS = ["retry", "scrollRetry", "clickRetry"] as const;
const APK_MAX_BACKOFF = 5;

/**
 * The retry values the APK clamps (backoffMultiplier above 5; maxDelayMs below initialDelayMs, which it raises),
 * so `--validate-only` can report them instead of the device changing them silently.
 */
export function apkClamps(execution: Execution): ApkClamp[] {
  const clamps: ApkClamp[] = [];
  execution.actions.forEach((action, index) => {
    const params = (action.params ?? {}) as Record<string, unknown>;
    for (const key of RETRY_KEYS) {
      const retry = params[key] as
        | { backoffMultiplier?: number; initialDelayMs?: number; maxDelayMs?: number }
        | undefined;
      if (!retry) continue;
      const path = `actions.${index}.params.${key}`;
      if (retry.backoffMultiplier !== undefined && retry.backoffMultiplier > APK_MAX_BACKOFF) {
        clamps.push({
          path: `${path}.backoffMultiplier`,
          value: retry.backoffMultiplier,
          applied: APK_MAX_BACKOFF,
          reason: "the APK caps backoffMultiplier at 5",
        });
      }
      const initial = retry.initialDelayMs ?? 0;
      if (retry.maxDelayMs !== undefined && retry.maxDelayMs < initial) {
        clamps.push({
          path: `${path}.maxDelayMs`,
          value: retry.maxDelayMs,
          applied: initial,
          reason: "the APK never waits less than initialDelayMs",
        });
      }
    }
  });
  return clamps;
}
