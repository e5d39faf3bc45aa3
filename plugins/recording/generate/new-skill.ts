import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { shellQuote } from "../../../android/operator/shell-quote.ts";
import { randomBytes } from "node:crypto";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { loadSource, type RecordingSource } from "./load-source.ts";
import { recipeJson } from "./placeholder.ts";
import { planSteps } from "./plan-steps.ts";
import { buildRecipes, type WrittenStep } from "./recipe.ts";
import { runScript } from "./run-script.ts";
import type { SkillInput } from "./skill-inputs.ts";
import { skillMarkdown, usageLine } from "./skill-md.ts";

/** A skill id that is also a safe folder name: no separators, no `..`, no dot at the end, at most 128 characters. */
const SKILL_ID = /^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?![.]|$)){0,127}$/;

export interface NewSkillOutcome {
  ok: true;
  skillId: string;
  applicationId: string;
  skillDir: string;
  /** The registry the skill was added to: point CLAWPERATOR_SKILLS_REGISTRY at it, or run from `out`. */
  registry: string;
  files: string[];
  stepCount: number;
  inputs: Array<Pick<SkillInput, "name" | "placeholder" | "kind" | "description">>;
  usage: string;
  /** The usage as it runs from the working directory: with the registry named when --out put it elsewhere. */
  run: string;
  warnings: string[];
}

/** What the skill does in one line, from its steps' words (which hold placeholders, never recorded values). */
function summaryOf(applicationId: string, steps: readonly WrittenStep[]): string {
  const acts = steps.filter((s) => /^(Tap|Type|Scroll|Press|Read)/.test(s.words)).map((s) => s.words);
  const text = `In ${applicationId}, from a recording: ${acts.join("; ") || "open the app"}`;
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}

const usage = (message: string, details?: Record<string, unknown>) =>
  new ClawperatorError("USAGE", message, {
    hint: "skills new <skill_id> --from-recording <file.ndjson|file.steps.json> [--out <dir>]",
    ...(details ? { details } : {}),
  });

/** Adds (or replaces) the entry in `<out>/skills/skills-registry.json`, creating the file when there is none. */
function addToRegistry(path: string, entry: Record<string, unknown>): void {
  let registry: { skills: Array<Record<string, unknown>> } & Record<string, unknown> = {
    schemaVersion: "1.0",
    skills: [],
  };
  if (existsSync(path)) {
    try {
      const existing: unknown = JSON.parse(readFileSync(path, "utf8"));
      if (
        typeof existing !== "object" ||
        existing === null ||
        !Array.isArray((existing as { skills?: unknown }).skills)
      )
        throw new Error("no skills array");
      registry = existing as typeof registry;
    } catch (error) {
      throw usage(`${path} is not a skills registry this command can add to: ${(error as Error).message}`, { path });
    }
  }
  registry.skills = [...registry.skills.filter((s) => s.id !== entry.id), entry];
  registry.generatedAt = new Date().toISOString();
  const temporary = `${path}.${randomBytes(6).toString("hex")}.partial`;
  writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`, { flag: "wx" });
  renameSync(temporary, path);
}

/**
 * `skills new <id> --from-recording <file> [--out <dir>]`: a skill folder in the skills repository layout,
 * `<out>/skills/<id>/` with SKILL.md, skill.json, scripts/run.js and artifacts/<name>.recipe.json, and its entry in
 * `<out>/skills/skills-registry.json`, so `skills validate` and `skills run` take it at once. An existing skill
 * folder is never overwritten.
 */
export function newSkillFromRecording(input: { skillId: string; from: string; out: string }): NewSkillOutcome {
  checkSkillId(input.skillId);
  return newSkillFromSource({ skillId: input.skillId, source: loadSource(input.from), out: input.out });
}

function checkSkillId(skillId: string): void {
  if (!SKILL_ID.test(skillId))
    throw usage(`"${skillId}" is not a skill id: letters, digits, '.', '_' and '-', at most 128`, { skillId });
}

/** The same from a recording already read (POST /skills/new pulls it from the device). */
export function newSkillFromSource(input: { skillId: string; source: RecordingSource; out: string }): NewSkillOutcome {
  const { skillId, source } = input;
  checkSkillId(skillId);
  const plan = planSteps(source.events, source.kind);
  const name = skillId.split(".").pop()!;
  const { recipes, steps } = buildRecipes(plan, name);

  const root = resolve(input.out);
  const relativeDir = `skills/${skillId}`;
  const skillDir = join(root, relativeDir);
  if (existsSync(skillDir)) throw usage(`${skillDir} already exists: choose another id or remove it`, { skillDir });

  const inputs = plan.inputs.list();
  const summary = summaryOf(plan.applicationId, steps);
  const entry = {
    id: skillId,
    applicationId: plan.applicationId,
    intent: name,
    summary,
    path: relativeDir,
    skillFile: `${relativeDir}/SKILL.md`,
    scripts: [`${relativeDir}/scripts/run.js`],
    artifacts: recipes.map((r) => `${relativeDir}/artifacts/${r.name}.recipe.json`),
    ...(inputs.length
      ? {
          contract: { inputs: Object.fromEntries(inputs.map((i) => [i.name, "string"])) },
          inputs: inputs.map((i) => ({ name: i.name, type: "string", required: true, default: "" })),
        }
      : {}),
  };
  const files: Record<string, string> = {
    "SKILL.md": skillMarkdown({
      skillId,
      applicationId: plan.applicationId,
      summary,
      sessionId: source.sessionId,
      source: source.kind,
      steps,
      inputs,
      warnings: plan.warnings,
      artifacts: recipes.map((r) => r.name),
    }),
    "skill.json": `${JSON.stringify(entry, null, 2)}\n`,
    "scripts/run.js": runScript({
      skillId,
      artifacts: recipes.map((r) => r.name),
      inputs,
      ...(plan.startScreen ? { start: { applicationId: plan.applicationId, label: plan.startScreen.label } } : {}),
    }),
  };
  for (const recipe of recipes) files[`artifacts/${recipe.name}.recipe.json`] = `${recipeJson(recipe.template)}\n`;

  mkdirSync(join(root, "skills"), { recursive: true });
  // The folder is made exclusively: two runs with one id cannot both write it.
  mkdirSync(skillDir);
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(skillDir, file, ".."), { recursive: true });
      writeFileSync(join(skillDir, file), text, { flag: "wx", mode: file.endsWith(".js") ? 0o755 : 0o644 });
    }
    addToRegistry(join(root, "skills", "skills-registry.json"), entry);
  } catch (error) {
    rmSync(skillDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ok: true,
    skillId,
    applicationId: plan.applicationId,
    skillDir,
    registry: join(root, "skills", "skills-registry.json"),
    files: Object.keys(files).map((f) => join(relativeDir, f)),
    stepCount: steps.length,
    inputs: inputs.map(({ name: n, placeholder, kind, description }) => ({ name: n, placeholder, kind, description })),
    usage: usageLine(skillId, inputs),
    run: runFromHere(root, usageLine(skillId, inputs)),
    warnings: plan.warnings,
  };
}

/**
 * `usage` as it runs from here: skills run finds ./skills/skills-registry.json by itself, so a skill written
 * anywhere else (--out) is run with its registry named.
 */
function runFromHere(root: string, usage: string): string {
  if (root === resolve(".")) return usage;
  const registry = relative(resolve("."), join(root, "skills", "skills-registry.json")) || ".";
  return `CLAWPERATOR_SKILLS_REGISTRY=${shellQuote(registry)} ${usage}`;
}
