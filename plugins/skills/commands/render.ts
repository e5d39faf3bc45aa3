import type { RegistrySkill, SkillList, SkillStatusReport } from "../../../core/services/skills.ts";
import { describeMissing } from "../service/not-eligible.ts";
import type { SkillInputs } from "../usage/skill-inputs.ts";

/** Columns padded to their widest cell. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "))
    .join("\n");
}

export function renderSkillList(result: unknown): string {
  const { skills, count, hint, shadowedRegistries } = result as SkillList;
  const lines =
    count === 0
      ? ["no skills"]
      : [
          table([["ID", "APP", "SUMMARY"], ...skills.map((s) => [s.id, s.applicationId ?? "", s.summary ?? ""])]),
          `${count} skill${count === 1 ? "" : "s"}`,
        ];
  if (shadowedRegistries?.length)
    lines.push(`not read (another registry comes first): ${shadowedRegistries.join(", ")}`);
  if (hint) lines.push(hint);
  return lines.join("\n");
}

export function renderSkill(result: unknown): string {
  const { skill, inputs } = result as { skill: RegistrySkill; inputs?: SkillInputs };
  const lines = [
    `${skill.id}`,
    `  app:       ${skill.applicationId}`,
    `  intent:    ${skill.intent}`,
    `  summary:   ${skill.summary}`,
    `  path:      ${skill.path}`,
  ];
  for (const s of skill.scripts ?? []) lines.push(`  script:    ${s}`);
  if (!inputs) {
    for (const a of skill.artifacts ?? []) lines.push(`  artifact:  ${a}`);
    return lines.join("\n");
  }
  return [...lines, ...renderInputs(skill.id, inputs)].join("\n");
}

/** What to pass: the declared inputs and how, SKILL.md's usage lines, each artifact's --vars. */
function renderInputs(skillId: string, inputs: SkillInputs): string[] {
  const lines: string[] = [];
  const declared = Object.entries(inputs.declared);
  for (const [name, type] of declared) lines.push(`  input:     ${name} (${type})`);
  if (declared.length) {
    const flags = declared.map(([name]) => `--${name.replace(/_/g, "-")} <${name}>`).join(" ");
    lines.push(`  run:       clawperator skills run ${skillId} --device-id <serial> -- ${flags}`);
  } else if (inputs.usage.length === 0) {
    lines.push(`  run:       clawperator skills run ${skillId} --device-id <serial> [-- <arguments for its script>]`);
  }
  for (const line of inputs.usage) lines.push(`  usage:     ${line}`);
  for (const { artifact, name, vars } of inputs.artifacts) {
    const json = JSON.stringify(Object.fromEntries(vars.map((v) => [v, "..."])));
    lines.push(`  artifact:  ${artifact}${vars.length ? ` (vars: ${vars.join(", ")})` : ""}`);
    const withVars = vars.length ? ` --vars '${json}'` : "";
    lines.push(`             clawperator skills compile-artifact ${skillId} --artifact ${name}${withVars}`);
  }
  return lines;
}

/** The eligibility table of `skills status --output pretty`. */
export function renderStatus(result: unknown): string {
  const report = result as SkillStatusReport;
  if (report.count === 0) return "no skills";
  const rows = report.skills.map((s) => [
    s.blockedByAgentFilter && s.readiness === "ready" ? "excluded" : s.readiness,
    `${s.emoji ? `${s.emoji} ` : ""}${s.name}`,
    s.source,
    s.invalid
      ? `${s.invalid.reason}${s.invalid.line ? ` (line ${s.invalid.line})` : ""}`
      : describeMissing(s.missing) ||
        (s.always ? "always" : s.modelVisible || !s.eligible ? "" : "hidden from the model"),
  ]);
  const device = report.deviceId ? ` (packages checked on ${report.deviceId})` : "";
  const agent = report.agentId ? ` for agent ${report.agentId}` : "";
  return (
    `${table([["STATUS", "SKILL", "SOURCE", "MISSING"], ...rows])}\n` +
    `${report.eligible} eligible, ${report.blocked} blocked${agent}${device}`
  );
}
