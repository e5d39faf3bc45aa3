/**
 * The fuzz properties' shared settings: a fixed seed keeps the suite reproducible, and the benchmark
 * (bench/fuzz.mjs) runs the same properties with more cases through CLAWPERATOR_FUZZ_RUNS, so every property
 * sees the same generated inputs.
 */
export const SEED = 20_261_126;
export const RUNS = Number(process.env.CLAWPERATOR_FUZZ_RUNS ?? 500);
export const PROCESS_SAMPLE = Number(process.env.CLAWPERATOR_FUZZ_PROCESS_RUNS ?? 16);
