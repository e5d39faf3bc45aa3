// Fuzz benchmark: 10,000 generated `execute --execution` inputs through the CLI entry in-process, and
// 200 of them through the real CLI process; the same 10,000 through both validators, the CLI's hot path and the
// zod schemas, which must answer alike; prints the figures for bench/RESULTS.md.
// Then MCP message fuzzing (bench/fuzz-mcp.mjs): 10,000 random JSON-RPC shapes over stdio and over HTTP.
// Run: npm run build && node bench/fuzz.mjs   (CLAWPERATOR_FUZZ_RUNS / CLAWPERATOR_FUZZ_PROCESS_RUNS override;
// CLAWPERATOR_FUZZ_MCP_MESSAGES the MCP count, CLAWPERATOR_FUZZ_SEED its seed, CLAWPERATOR_FUZZ_ONLY=mcp only that)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fuzzMcp } from "./fuzz-mcp.mjs";

const runs = process.env.CLAWPERATOR_FUZZ_RUNS ?? "10000";
const processRuns = process.env.CLAWPERATOR_FUZZ_PROCESS_RUNS ?? "200";
const dir = mkdtempSync(join(tmpdir(), "clawperator-fuzz-bench-"));
const report = join(dir, "report.json");
const started = Date.now();
const mcpMessages = Number(process.env.CLAWPERATOR_FUZZ_MCP_MESSAGES ?? 10_000);
const mcpSeed = Number(process.env.CLAWPERATOR_FUZZ_SEED ?? Date.now() % 2 ** 31);
try {
  if (process.env.CLAWPERATOR_FUZZ_ONLY !== "mcp") executionInput();
  await fuzzMcp(mcpMessages, mcpSeed);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The execution input's fuzz cases (test/fuzz/), their figures printed. */
function executionInput() {
  // The suite's own properties with more runs; a crash, a hang or a disagreement fails them, and a hang cannot
  // outlast the timeout.
  execFileSync("npx", ["vitest", "run", "test/fuzz/"], {
    cwd: resolve(import.meta.dirname, ".."),
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      CLAWPERATOR_FUZZ_RUNS: runs,
      CLAWPERATOR_FUZZ_PROCESS_RUNS: processRuns,
      CLAWPERATOR_FUZZ_REPORT: report,
    },
    // A hang detector that grows with the sizes asked for (10x the default takes about 40 min on 2 busy cores).
    timeout: Math.max(30 * 60_000, Number(runs) * 60 + Number(processRuns) * 3_000),
  });
  const r = JSON.parse(readFileSync(report, "utf8"));
  console.log(
    "| fuzz cases (in-process, CLI entry) | through the CLI process | crashes | hangs | slowest case | wall " +
      "time | seed |",
  );
  console.log("|---|---|---|---|---|---|---|");
  console.log(
    `| ${r.cases} | ${processRuns} | ${r.crashes} | ${r.hangs} | ${r.slowestMs} ms | ` +
      `${Math.round((Date.now() - started) / 1000)} s | ${r.seed} |`,
  );
  console.log(
    `\nOutcomes: ${Object.entries(r.codes)
      .map(([code, n]) => `${code} ${n}`)
      .join(", ")}`,
  );
}
