/**
 * Milliseconds on a monotonic clock, for durations. The same clock as `performance.now()` without touching the
 * `performance` global, whose first use loads perf_hooks (at the start of every CLI execution).
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Milliseconds since `start` (a monotonicMs reading), to a tenth: the precision execution timings report. */
export const elapsedMs = (start: number): number => Math.round((monotonicMs() - start) * 10) / 10;
