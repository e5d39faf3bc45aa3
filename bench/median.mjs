import { execFileSync } from "node:child_process";

/** The median of `values` (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** Median wall time in ms of running a command `runs` times (after one warm-up run). */
export function medianMs(runs, file, args, options = {}) {
  const times = [];
  execFileSync(file, args, { stdio: "ignore", ...options });
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    try {
      execFileSync(file, args, { stdio: "ignore", ...options });
    } catch {
      // a failing command still counts: we time the process, not its verdict
    }
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}
