import type { DoctorFixOutcome } from "../../core/doctor/report.ts";
import type { DoctorCheckResult } from "../../core/kernel/index.ts";

/** `clawperator ...` steps run this very CLI (the same version and installation), whatever PATH holds. */
function resolveSelf(step: string): string {
  const entry = process.argv[1];
  if (!entry || !/^clawperator(\s|$)/.test(step)) return step;
  const quote = (s: string) => `'${s.replaceAll("'", `'"'"'`)}'`;
  return `${quote(process.execPath)} ${quote(entry)}${step.slice("clawperator".length)}`;
}

const tail = (text: string) => text.trim().split("\n").slice(-5).join("\n");

/**
 * `doctor --fix`: runs the shell steps of every non-passing check that ran, in check order, once each; checks are
 * not run again (docs/doctor.md#fixes).
 */
export async function applyFixes(results: readonly DoctorCheckResult[]): Promise<DoctorFixOutcome[]> {
  const { execa } = await import("execa");
  const outcomes: DoctorFixOutcome[] = [];
  const done = new Set<string>();
  for (const result of results) {
    if (result.status === "pass") continue;
    for (const step of result.fix?.steps ?? []) {
      if (step.kind !== "shell" || done.has(step.value)) continue;
      done.add(step.value);
      const run = await execa(resolveSelf(step.value), {
        shell: true,
        reject: false,
        timeout: 60_000,
        stdin: "ignore",
      });
      const exitCode = run.exitCode ?? 1;
      outcomes.push({
        checkId: result.id,
        step: step.value,
        ok: exitCode === 0,
        exitCode,
        output: tail(`${run.stdout}\n${run.stderr}`),
      });
    }
  }
  return outcomes;
}
