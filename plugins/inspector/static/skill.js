import { byId, copyButton, el } from "./dom.js";

const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

function describeStep(step) {
  if (step.type === "open_app") return `open_app ${step.packageName}`;
  const what = [
    step.text && `text ${JSON.stringify(step.text)}`,
    step.contentDesc && `desc ${JSON.stringify(step.contentDesc)}`,
    step.resourceId && `id ${step.resourceId}`,
  ].filter(Boolean);
  return `click ${what.join(", ") || "(unlabelled)"} in ${step.packageName}`;
}

/** A skill id `skills new` takes, from the app and session: letters, digits, '.', '_' and '-'. */
export function suggestedSkillId(stepLog) {
  const app = stepLog.steps.find((s) => s.type === "open_app")?.packageName ?? "app";
  const id = `${app}.recording-${stepLog.sessionId}`.replace(/[^A-Za-z0-9._-]/g, "-");
  return id.slice(0, 128).replace(/\.+$/, "");
}

/** The parsed recording (POST /recording/parse): its steps as `record parse` writes them, and its warnings. */
export function showSteps(parsed) {
  byId("recording-steps").replaceChildren(
    ...parsed.stepLog.steps.map((step) => el("li", { textContent: describeStep(step) })),
    ...(parsed.warnings ?? []).map((w) => el("li", { className: "failed", textContent: `warning: ${w}` })),
  );
}

/** The skill POST /skills/new wrote: where, its files, how to run it, its warnings and its SKILL.md. */
export function showSkill(skill) {
  const run = `CLAWPERATOR_SKILLS_REGISTRY=${quote(skill.registry)} ${skill.usage}`;
  byId("skill").replaceChildren(
    el("p", { textContent: `Wrote ${skill.skillDir} (${skill.stepCount} steps), added to ${skill.registry}` }),
    el(
      "ul",
      {},
      skill.files.map((file) => el("li", {}, [el("code", { textContent: file })])),
    ),
    el("p", {}, ["Run it: ", el("code", { textContent: run }), " ", copyButton("Copy", run)]),
    ...skill.inputs.map((input) => el("p", { textContent: `input ${input.name}: ${input.description}` })),
    ...skill.warnings.map((w) => el("p", { className: "failed", textContent: `warning: ${w}` })),
    el("pre", { textContent: skill.skillMd }),
  );
}
