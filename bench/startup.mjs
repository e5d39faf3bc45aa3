// CLI start-up cost against a bare `node -e 0`: `--version` and `--help` must not load command code.
// Run: npm run build && node bench/startup.mjs   (prints a markdown table for bench/RESULTS.md)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { medianMs } from "./median.mjs";

const runs = Number(process.env.RUNS ?? 21);
const root = resolve(import.meta.dirname, "..");
const bin = join(root, "dist/cli/bin.cjs");
const empty = mkdtempSync(join(tmpdir(), "clawperator-bench-"));
// The CLI's start-up caches go to a throwaway home (filled by each measurement's warm-up run), not the user's.
process.env.CLAWPERATOR_HOME = join(empty, ".clawperator");

const base = medianMs(runs, process.execPath, ["-e", "0"]);
const rows = [
  ["`node -e 0`", base],
  ["`clawperator --version`", medianMs(runs, bin, ["--version"], { cwd: empty })],
  ["`clawperator --help` (no config file)", medianMs(runs, bin, ["--help"], { cwd: empty })],
  ["`clawperator --help` (project root, clawperator.config.ts)", medianMs(runs, bin, ["--help"], { cwd: root })],
];
rmSync(empty, { recursive: true });

console.log(`| command | median of ${runs} (ms) | × node -e 0 |`);
console.log("|---|---:|---:|");
for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(1)} | ${(ms / base).toFixed(2)} |`);
