import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../helpers/temp-dirs.ts";
import { fuzzInput } from "./execution-arbitraries.ts";
import { PROCESS_SAMPLE, PROCESS_TIMEOUT_MS, RUNS, RUNS_TIMEOUT_MS, SEED } from "./fuzz-settings.ts";
import { argvOf, judge, runCliProcess, runInProcess } from "./run-fuzz-case.ts";

// Fuzz the CLI's execution input (fuzz-settings.ts: the seed, and the sizes the benchmark raises).

const makeDir = tempDirs("clawperator-fuzz-");
let dir: string;
let configPath: string;

beforeAll(async () => {
  dir = await makeDir();
  configPath = join(dir, ".clawperatorrc.json");
  writeFileSync(configPath, "{}");
});

describe("fuzzing execute --execution", () => {
  it(
    `${RUNS} generated inputs through the CLI entry: each ends in one JSON object with a catalogue code, no stack trace, no hang`,
    async () => {
      const stats = { cases: 0, valid: 0, codes: new Map<string, number>(), slowestMs: 0 };
      await fc.assert(
        fc.asyncProperty(fuzzInput, async (input) => {
          const outcome = await runInProcess(argvOf(input, dir, configPath));
          stats.cases++;
          stats.slowestMs = Math.max(stats.slowestMs, outcome.ms);
          const code = outcome.exitCode === 0 ? "ok" : String(JSON.parse(outcome.stdout || "{}").code);
          stats.codes.set(code, (stats.codes.get(code) ?? 0) + 1);
          const problem = judge(outcome);
          if (problem)
            throw new Error(
              `${problem}\nstdout: ${outcome.stdout.slice(0, 500)}\nstderr: ${outcome.stderr.slice(0, 500)}`,
            );
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      report(stats);
      expect(stats.cases).toBe(RUNS);
      // The generators reach both sides: valid executions and several distinct refusals.
      expect(stats.codes.get("ok")).toBeGreaterThan(0);
      expect([...stats.codes.keys()].filter((code) => code !== "ok").length).toBeGreaterThan(2);
    },
    RUNS_TIMEOUT_MS,
  );

  it(
    `a sample of ${PROCESS_SAMPLE} of the same inputs through the real CLI process`,
    async () => {
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, TMPDIR: dir };
      const cases = fc.sample(fuzzInput, { seed: SEED + 1, numRuns: PROCESS_SAMPLE });
      for (const [index, input] of cases.entries()) {
        const caseDir = await makeDir();
        // argv cannot carry NUL bytes: such a case goes through a file, as an agent would have to send it.
        const text =
          input.channel === "inline" && input.text.includes("\0")
            ? { ...input, channel: "file" as const, bytes: Buffer.from(input.text) }
            : input;
        const outcome = await runCliProcess(argvOf(text, caseDir, configPath), env);
        expect(judge(outcome), `case ${index}: ${JSON.stringify(input).slice(0, 300)}`).toBeUndefined();
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});

/** Figures for bench/RESULTS.md when the benchmark asks for them. */
function report(stats: { cases: number; codes: Map<string, number>; slowestMs: number }): void {
  const file = process.env.CLAWPERATOR_FUZZ_REPORT;
  if (!file) return;
  writeFileSync(
    file,
    JSON.stringify(
      {
        seed: SEED,
        cases: stats.cases,
        crashes: 0,
        hangs: 0,
        slowestMs: Math.round(stats.slowestMs),
        codes: Object.fromEntries(stats.codes),
      },
      null,
      2,
    ),
  );
}
