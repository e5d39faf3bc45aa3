import type { SkillResult } from "../../../core/services/skills.ts";

const SUPPORTED_MAJOR = 1;

type Issue = { path: string; message: string };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function oneOf(value: unknown, allowed: readonly string[], path: string, issues: Issue[]): void {
  if (typeof value !== "string" || !allowed.includes(value))
    issues.push({ path, message: `expected one of ${allowed.join("|")}` });
}

function evidence(value: unknown, path: string, issues: Issue[]): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) issues.push({ path, message: "expected an object or null" });
  else oneOf(value.kind, ["text", "json", "result_envelope_ref"], `${path}.kind`, issues);
}

/**
 * The emitted SkillResult contract (docs/protocol.md#how-real-skills-call-the-runtime; extra keys are kept). Checked
 * by hand rather than with zod: this runs on every `skills run` whose skill prints a frame, and loading zod would be
 * most of the wrapper's overhead (bench/RESULTS.md). Returns the problems, empty when valid.
 */
export function skillResultIssues(value: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  const present = (key: string) => {
    if (value[key] !== undefined) return true;
    issues.push({ path: key, message: "missing" });
    return false;
  };
  if (
    present("contractVersion") &&
    (typeof value.contractVersion !== "string" || !/^\d+\.\d+\.\d+$/.test(value.contractVersion))
  ) {
    issues.push({ path: "contractVersion", message: "must be semver-shaped, like 1.0.0" });
  }
  if (present("skillId") && (typeof value.skillId !== "string" || value.skillId === ""))
    issues.push({ path: "skillId", message: "expected a non-empty string" });
  if (present("status")) oneOf(value.status, ["success", "failed", "indeterminate"], "status", issues);
  if (present("checkpoints")) {
    if (!Array.isArray(value.checkpoints)) issues.push({ path: "checkpoints", message: "expected an array" });
    else
      for (const [i, c] of (value.checkpoints as unknown[]).entries()) {
        if (!isRecord(c)) issues.push({ path: `checkpoints.${i}`, message: "expected an object" });
        else {
          if (typeof c.id !== "string" || c.id === "")
            issues.push({ path: `checkpoints.${i}.id`, message: "expected a non-empty string" });
          oneOf(c.status, ["ok", "failed", "skipped"], `checkpoints.${i}.status`, issues);
        }
      }
  }
  const tv = value.terminalVerification;
  if (tv !== undefined && tv !== null) {
    if (!isRecord(tv)) issues.push({ path: "terminalVerification", message: "expected an object or null" });
    else {
      oneOf(tv.status, ["verified", "failed", "not_run"], "terminalVerification.status", issues);
      evidence(tv.expected, "terminalVerification.expected", issues);
      evidence(tv.observed, "terminalVerification.observed", issues);
    }
  }
  for (const key of ["diagnostics", "inputs"] as const) {
    if (value[key] !== undefined && !isRecord(value[key])) issues.push({ path: key, message: "expected an object" });
  }
  return issues;
}

export type FrameParse = { ok: true; skillResult: SkillResult | null } | { ok: false; message: string };

/**
 * Checks the JSON line of a frame against the contract. The runtime, not the skill, says where the result came
 * from: an emitted `source` is refused, and the trusted one is added.
 */
export function checkSkillResult(line: string, skillId: string, source: SkillResult["source"]): FrameParse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return { ok: false, message: `SkillResult frame contained invalid JSON: ${(error as Error).message}` };
  }
  if (!isRecord(parsed)) return { ok: false, message: "SkillResult frame must be a JSON object" };
  if ("source" in parsed)
    return { ok: false, message: "SkillResult frame must not include source; the runtime injects it" };
  const issues = skillResultIssues(parsed);
  if (issues.length)
    return {
      ok: false,
      message: `SkillResult frame failed validation: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
    };
  const major = Number((parsed.contractVersion as string).split(".")[0]);
  if (major !== SUPPORTED_MAJOR)
    return {
      ok: false,
      message: `Unsupported SkillResult contract major version ${major}; expected ${SUPPORTED_MAJOR}`,
    };
  if (parsed.skillId !== skillId)
    return {
      ok: false,
      message: `SkillResult skillId ${String(parsed.skillId)} did not match invoked skill ${skillId}`,
    };
  return { ok: true, skillResult: { ...parsed, source } as SkillResult };
}
