/**
 * The fuzz properties' shared settings: a fixed seed keeps the suite reproducible, and the benchmark
 * (bench/fuzz.mjs) runs the same properties with more cases through CLAWPERATOR_FUZZ_RUNS, so every property
 * sees the same generated inputs.
 */
export const SEED = 20_261_126;
export const RUNS = Number(process.env.CLAWPERATOR_FUZZ_RUNS ?? 500);
export const PROCESS_SAMPLE = Number(process.env.CLAWPERATOR_FUZZ_PROCESS_RUNS ?? 16);

/** Hang detectors for a whole property, not budgets: they grow with the sizes the benchmark asks for. */
export const RUNS_TIMEOUT_MS = Math.max(600_000, RUNS * 30);
export const PROCESS_TIMEOUT_MS = Math.max(600_000, PROCESS_SAMPLE * 3_000);
