import { createHash } from "node:crypto";
import { basename } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { EXPECTED_FORMAT, LIMITS } from "../../../core/contracts/limits.ts";
import { checkExecution } from "../../../core/contracts/check-execution.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { parseJson } from "../../../core/contracts/json-syntax.ts";
import { readFileBounded } from "../../../core/host/read-bounded.ts";
import type { SkillRecord } from "../sources/catalog.ts";
import { resolveInside } from "../run/safe-path.ts";

const PLACEHOLDER = /\{\{([A-Za-z0-9_]+)\}\}/g;
export const stem = (name: string) => name.replace(/\.recipe\.json$/i, "").replace(/\.json$/i, "");

/** The artifact an `--artifact` name means: `ac-status`, `ac-status.recipe.json` or the listed path. */
export function findArtifact(record: SkillRecord, name: string): string | undefined {
  const artifacts = Array.isArray(record.entry.artifacts)
    ? record.entry.artifacts.filter((a): a is string => typeof a === "string")
    : [];
  return (
    artifacts.find((a) => a === name) ??
    artifacts.find((a) => basename(a) === name) ??
    artifacts.find((a) => stem(basename(a)) === stem(name))
  );
}

/** Parses `--vars`: a JSON object whose values become strings. */
export function parseVars(json: string | undefined): Record<string, string> {
  const result = parseJson(json === undefined || json.trim() === "" ? "{}" : json);
  if ("problem" in result)
    throw new ClawperatorError("COMPILE_VARS_PARSE_FAILED", `Invalid --vars JSON (${result.problem})`, {
      details: { vars: json },
    });
  const parsed = result.value;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ClawperatorError(
      "COMPILE_VARS_PARSE_FAILED",
      'Invalid --vars JSON: must be an object like {"KEY":"value"}',
      { details: { vars: json } },
    );
  }
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
}

/** The placeholders of a template, in order of first appearance. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Fills a recipe's `{{VAR}}` placeholders (values JSON-escaped, since they sit inside string literals), with
 * COMMAND_ID and TASK_ID derived from the skill, artifact and vars when not given, so the same inputs always
 * compile to the same execution. Real recipes omit expectedFormat; it has one legal value, so it is filled in.
 * Validated by checkExecution: zod (slow to load) only for a payload the hot-path check is unsure of,
 * which keeps it out of `skills run`'s validation gate for a skill with valid artifacts.
 */
export async function compileTemplate(
  template: string,
  input: { skillId: string; artifact: string; vars: Record<string, string> },
): Promise<Execution> {
  const sorted = Object.fromEntries(
    Object.keys(input.vars)
      .sort()
      .map((k) => [k, input.vars[k]!]),
  );
  const hash = createHash("sha256")
    .update(JSON.stringify({ skillId: input.skillId, artifactName: stem(basename(input.artifact)), vars: sorted }))
    .digest("hex")
    .slice(0, 12);
  const vars = {
    COMMAND_ID: `cmd-${hash}`,
    TASK_ID: `task-${hash}`,
    ...Object.fromEntries(Object.entries(input.vars).filter(([, v]) => v !== "")),
  };
  const missing = placeholders(template).filter((name) => vars[name as keyof typeof vars] === undefined);
  if (missing.length > 0) {
    const example = JSON.stringify(Object.fromEntries(missing.map((name) => [name, "..."])));
    throw new ClawperatorError("COMPILE_VAR_MISSING", `Missing required variable: ${missing.join(", ")}`, {
      hint: `Pass ${missing.length === 1 ? "it" : "them"} with --vars '${example}'.`,
      details: { placeholder: missing[0], missing, skillId: input.skillId, artifactName: input.artifact },
    });
  }
  const text = template.replace(PLACEHOLDER, (_, name: string) =>
    JSON.stringify(vars[name as keyof typeof vars]).slice(1, -1),
  );
  const parsed = parseJson(text);
  if ("problem" in parsed)
    throw new ClawperatorError("COMPILE_VALIDATION_FAILED", `Compiled artifact is not valid JSON (${parsed.problem})`, {
      details: { skillId: input.skillId, artifactName: input.artifact },
    });
  let payload = parsed.value;
  if (typeof payload === "object" && payload !== null && !Array.isArray(payload) && !("expectedFormat" in payload)) {
    payload = { ...payload, expectedFormat: EXPECTED_FORMAT };
  }
  let execution: Execution;
  try {
    execution = await checkExecution(payload);
  } catch (error) {
    const cause = error as ClawperatorError;
    throw new ClawperatorError("COMPILE_VALIDATION_FAILED", cause.message, {
      details: { skillId: input.skillId, artifactName: input.artifact, ...cause.details },
      cause,
    });
  }
  return { ...execution, mode: "artifact_compiled" };
}

/** An artifact's text. A template compiles to one execution: it is read no further than an execution's input. */
export function readArtifactTemplate(path: string, names: { skillId: string; artifactName: string }): string {
  const { skillId, artifactName } = names;
  let read: ReturnType<typeof readFileBounded>;
  try {
    read = readFileBounded(path, LIMITS.MAX_EXECUTION_INPUT_BYTES);
  } catch (error) {
    throw new ClawperatorError("ARTIFACT_NOT_FOUND", `Cannot read artifact ${path}: ${(error as Error).message}`, {
      details: { skillId, artifactName, path },
    });
  }
  if ("tooLarge" in read)
    throw new ClawperatorError(
      "COMPILE_VALIDATION_FAILED",
      `Artifact ${path} is larger than the ${LIMITS.MAX_EXECUTION_INPUT_BYTES} bytes an execution's input may take`,
      { details: { skillId, artifactName, path } },
    );
  return read.bytes.toString("utf8");
}

/** `skills compile-artifact`: the skill's artifact, compiled and validated. */
export async function compileArtifact(
  record: SkillRecord,
  artifactName: string,
  varsJson: string | undefined,
): Promise<Execution> {
  const skillId = record.entry.id;
  const artifact = findArtifact(record, artifactName);
  if (!artifact) {
    throw new ClawperatorError("ARTIFACT_NOT_FOUND", `Artifact not found: ${artifactName} (skill: ${skillId})`, {
      hint: `Run \`clawperator skills get ${skillId}\` to see its artifacts.`,
      details: { skillId, artifactName },
    });
  }
  const vars = parseVars(varsJson);
  const path = resolveInside(record.root, artifact, skillId);
  const template = readArtifactTemplate(path, { skillId, artifactName });
  return compileTemplate(template, { skillId, artifact: artifactName, vars });
}
