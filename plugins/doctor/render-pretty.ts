import type { DoctorReport } from "../../core/doctor/report.ts";
import type { DoctorCheckResult } from "../../core/kernel/index.ts";

export interface Palette {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const ansi = (code: number) => (s: string) => `\x1b[${code}m${s}\x1b[0m`;
export const COLOURS: Palette = { red: ansi(31), yellow: ansi(33), green: ansi(32), dim: ansi(2), bold: ansi(1) };
export const PLAIN: Palette = { red: (s) => s, yellow: (s) => s, green: (s) => s, dim: (s) => s, bold: (s) => s };

/** Colour only for a person at a terminal (and never with NO_COLOR). */
export const paletteFor = (stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Palette =>
  stream.isTTY && env.NO_COLOR === undefined ? COLOURS : PLAIN;

function failure(result: DoctorCheckResult, mark: string): string[] {
  const lines = [`  ${mark} ${result.id}  ${result.summary}${result.code ? `  [${result.code}]` : ""}`];
  if (result.detail) lines.push(`      ${result.detail}`);
  if (result.fix) {
    lines.push(`      fix: ${result.fix.title}`);
    for (const step of result.fix.steps)
      lines.push(step.kind === "shell" ? `        $ ${step.value}` : `        - ${step.value}`);
  }
  if (result.deviceGuidance) {
    lines.push(`      on the device (${result.deviceGuidance.screen}):`);
    result.deviceGuidance.steps.forEach((step, i) => {
      lines.push(`        ${i + 1}. ${step}`);
    });
  }
  return lines;
}

/**
 * The report for people (docs/doctor.md#pretty-output): critical failures, advisory findings, a count of passed checks,
 * what `--fix` ran, a one-line verdict, and next actions.
 */
export function renderDoctor(report: DoctorReport, critical: ReadonlySet<string>, c: Palette): string {
  const failing = report.checks.filter((r) => r.status !== "pass");
  const criticalFailures = failing.filter((r) => critical.has(r.id) && r.status === "fail");
  const advisory = failing.filter((r) => !criticalFailures.includes(r));
  const passed = report.checks.filter((r) => r.status === "pass");
  const lines = [
    c.bold(`Clawperator doctor${report.deviceId ? ` · ${report.deviceId}` : ""} · ${report.receiverPackage}`),
    "",
  ];

  if (criticalFailures.length) {
    lines.push(c.red(c.bold("Critical")));
    for (const r of criticalFailures) lines.push(...failure(r, c.red("✗")));
    lines.push("");
  }
  if (advisory.length) {
    lines.push(c.yellow(c.bold("Advisory")));
    for (const r of advisory) lines.push(...failure(r, r.status === "fail" ? c.red("✗") : c.yellow("!")));
    lines.push("");
  }
  lines.push(
    c.green(`${passed.length} check${passed.length === 1 ? "" : "s"} passed`) +
      c.dim(passed.length ? `: ${passed.map((r) => r.id).join(", ")}` : ""),
  );
  if (report.fixes?.length) {
    lines.push("", c.bold("Fixes run"));
    for (const f of report.fixes)
      lines.push(`  ${f.ok ? c.green("✓") : c.red("✗")} $ ${f.step}${f.ok ? "" : `  (exit ${f.exitCode})`}`);
  }
  const warnings = advisory.length;
  lines.push(
    "",
    report.criticalOk
      ? c.green(
          c.bold(
            `Ready: every critical check passed` +
              `${warnings ? ` (${warnings} advisory finding${warnings === 1 ? "" : "s"})` : ""}.`,
          ),
        )
      : c.red(c.bold(`Not ready: ${criticalFailures.map((r) => r.id).join(", ")} failed.`)),
  );
  if (report.nextActions?.length) {
    lines.push("", c.bold("Next actions"));
    for (const action of report.nextActions) lines.push(`  - ${action}`);
  }
  return lines.join("\n");
}
