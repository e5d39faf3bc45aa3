import { chmodSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "./temp-dirs.ts";

/** A registry entry for `skills/<id>/...` with the given script and artifact file names. */
export function entry(
  id: string,
  app: string,
  intent: string,
  summary: string,
  scripts: string[],
  artifacts: string[] = [],
  extra: Record<string, unknown> = {},
) {
  const base = `skills/${id}`;
  return {
    id,
    applicationId: app,
    intent,
    summary,
    path: base,
    skillFile: `${base}/SKILL.md`,
    scripts: scripts.map((s) => `${base}/scripts/${s}`),
    artifacts: artifacts.map((a) => `${base}/artifacts/${a}`),
    ...extra,
  };
}

const frame = (skillId: string, extra: string) =>
  `console.log("[Clawperator-Skill-Result]");\n` +
  `console.log(JSON.stringify({contractVersion:"1.0.0",skillId:${JSON.stringify(skillId)}` +
  `,status:"success",checkpoints:[]${extra}}));\n`;

/** The skills of the fixture repository: one per behaviour the runtime must handle. */
export const FIXTURE_SKILLS = {
  echo: entry(
    "com.example.app.echo",
    "com.example.app",
    "echo",
    "Echo the arguments and the runtime environment",
    ["run.js", "run.sh"],
    [],
    { keywords: ["parrot", "say back"] },
  ),
  shell: entry("com.example.app.shell-only", "com.example.app", "shell-only", "A bash skill", ["run.sh"]),
  recipe: entry(
    "com.example.app.open-thing",
    "com.example.app",
    "open-thing",
    "Open a thing from a recipe artifact",
    ["run.js"],
    ["open-thing.recipe.json"],
  ),
  orchestrated: entry(
    "com.example.app.agent-orchestrated",
    "com.example.app",
    "agent",
    "An orchestrated skill driven by an agent CLI",
    ["run.js"],
  ),
  noAgent: entry(
    "com.example.app.no-agent-orchestrated",
    "com.example.app",
    "no-agent",
    "Orchestrated skill whose agent CLI is missing",
    ["run.js"],
  ),
  fails: entry("com.example.app.fails", "com.example.app", "fails", "Exits 2", ["run.js"]),
  slow: entry("com.example.app.slow", "com.example.app", "slow", "Takes too long", ["run.js"]),
  badFrame: entry("com.example.app.bad-frame", "com.example.app", "bad-frame", "Prints a broken frame", ["run.js"]),
  verified: entry("com.example.app.set-name", "com.example.app", "set-name", "Sets a name and proves it", ["run.js"]),
  missingScript: entry("com.example.app.missing-script", "com.example.app", "missing-script", "Its script is gone", [
    "run.js",
  ]),
  device: entry(
    "com.android.settings.read-title",
    "com.android.settings",
    "read-title",
    "Calls back into clawperator to snapshot Settings",
    ["run.js"],
  ),
  gated: entry("com.example.app.needs-key", "com.example.app", "needs-key", "Needs an API key and a binary", [
    "run.js",
  ]),
  escape: entry("com.example.app.escape", "com.example.app", "escape", "Names a script outside the repository", [
    "run.js",
  ]),
};

const manifest = (e: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...e, ...extra }, null, 2);
export const skillMd = (name: string, description: string, metadata?: unknown) =>
  `---\nname: ${name}\ndescription: ${description}\n` +
  `${metadata ? `metadata: ${JSON.stringify(metadata)}\n` : ""}---\n\n# ${name}\n\n${description}.\n`;

/**
 * Writes a skills repository (registry, SKILL.md folders, skill.json files, .js and .sh scripts, a recipe artifact
 * with variables, an orchestrated skill with a fake agent CLI under bin/) into `root`. Returns the registry path
 * and the directory holding the fake agent CLI (to put on PATH).
 */
export async function writeSkillsRepo(root: string): Promise<{ registry: string; agentBin: string }> {
  const s = FIXTURE_SKILLS;
  const files: Record<string, string> = {};
  const add = (
    e: (typeof s)[keyof typeof s],
    scripts: Record<string, string>,
    options: {
      skillJson?: Record<string, unknown>;
      metadata?: unknown;
      artifacts?: Record<string, string>;
      skipSkillJson?: boolean;
    } = {},
  ) => {
    files[`${e.path}/SKILL.md`] = skillMd(e.id, e.summary, options.metadata);
    if (!options.skipSkillJson) files[`${e.path}/skill.json`] = manifest(e, options.skillJson);
    for (const [name, body] of Object.entries(scripts)) files[`${e.path}/scripts/${name}`] = body;
    for (const [name, body] of Object.entries(options.artifacts ?? {})) files[`${e.path}/artifacts/${name}`] = body;
  };

  add(s.echo, {
    "run.js": `const env = k => process.env[k] ?? null;
console.log("args=" + JSON.stringify(process.argv.slice(2)));
console.log("env=" + JSON.stringify({ bin: env("CLAWPERATOR_BIN"), device: env("CLAWPERATOR_DEVICE_ID"), pkg: env("CLAWPERATOR_OPERATOR_PACKAGE"), inputs: env("CLAWPERATOR_SKILL_INPUTS"), token: env("ECHO_TOKEN"), path: env("PATH"), nodeOptions: env("NODE_OPTIONS") }));
console.error("progress on stderr");
${frame(s.echo.id, "")}`,
    "run.sh": '#!/bin/sh\necho from-sh "$@"\n',
  });
  add(s.shell, { "run.sh": '#!/bin/sh\necho "shell args: $*"\necho "bin: $CLAWPERATOR_BIN"\n' });
  add(
    s.recipe,
    { "run.js": "console.log('recipe skill');\n" },
    {
      artifacts: {
        "open-thing.recipe.json": JSON.stringify(
          {
            commandId: "{{COMMAND_ID}}",
            taskId: "{{TASK_ID}}",
            source: "skill",
            timeoutMs: 30000,
            actions: [
              { id: "open", type: "open_app", params: { applicationId: "com.example.app" } },
              { id: "find", type: "click", params: { matcher: { textEquals: "{{THING_NAME}}" } } },
            ],
          },
          null,
          2,
        ),
      },
    },
  );
  const harness = `const { execFileSync } = require("node:child_process");
const out = execFileSync(process.env.CLAWPERATOR_SKILL_AGENT_CLI_PATH, [process.env.CLAWPERATOR_SKILL_PROGRAM], { encoding: "utf8", env: process.env });
process.stdout.write(out);
`;
  add(s.orchestrated, { "run.js": harness }, { skillJson: { agent: { cli: "fake-agent", timeoutMs: 20000 } } });
  add(s.noAgent, { "run.js": harness }, { skillJson: { agent: { cli: "no-such-agent-cli", timeoutMs: 20000 } } });
  add(s.fails, {
    "run.js": "console.log('partial');\nconsole.error('Timed out waiting for expected node');\nprocess.exit(2);\n",
  });
  add(s.slow, { "run.js": "console.log(JSON.stringify({stage:'before-timeout'}));\nsetTimeout(() => {}, 60000);\n" });
  add(s.badFrame, { "run.js": "console.log('[Clawperator-Skill-Result]');\nconsole.log('{not-json');\n" });
  add(
    s.verified,
    {
      "run.js": `const name = process.argv[process.argv.length - 1];
const observed = process.env.OBSERVED ?? name;
console.log("[Clawperator-Skill-Result]");
console.log(JSON.stringify({contractVersion:"1.0.0",skillId:"${s.verified.id}",status:"success",checkpoints:[{id:"set",status:"ok"}],inputs:{name},terminalVerification:{status:"verified",expected:{kind:"text",text:name},observed:{kind:"text",text:observed}}}));
`,
    },
    {
      skillJson: {
        contract: { inputs: { name: "string" }, goal: { kind: "set_name" }, verification: { matcher: "{name}" } },
      },
    },
  );
  add(s.missingScript, {});
  add(s.device, {
    "run.js": `const { execFileSync } = require("node:child_process");
const [device] = process.argv.slice(2);
const execution = { commandId: "skill-read-title", taskId: "skill-read-title", source: "skill", expectedFormat: "android-ui-automator", timeoutMs: 30000,
  actions: [{ id: "open", type: "open_app", params: { applicationId: "com.android.settings" } }, { id: "snap", type: "snapshot_ui" }] };
const out = execFileSync(process.env.CLAWPERATOR_BIN, ["exec", "--execution", JSON.stringify(execution), "--device", device, "--operator-package", process.env.CLAWPERATOR_OPERATOR_PACKAGE, "--json"], { encoding: "utf8" });
const result = JSON.parse(out);
const steps = result.envelope.stepResults;
console.log("steps=" + steps.map(s => s.actionType + ":" + s.success).join(","));
${frame(s.device.id, ",result:{kind:'text',text:steps.length+' steps'}")}`,
  });
  add(
    s.gated,
    { "run.js": "console.log('key=' + (process.env.NEEDS_KEY_TOKEN ? 'set' : 'unset'));\n" },
    {
      metadata: {
        clawperator: { requires: { env: ["NEEDS_KEY_TOKEN"], bins: ["node"] }, primaryEnv: "NEEDS_KEY_TOKEN" },
      },
    },
  );
  add(s.escape, {}, { skipSkillJson: false });

  const registryEntries = Object.values(s).map((e) => (e === s.escape ? { ...e, scripts: ["../outside.js"] } : e));
  files["skills/skills-registry.json"] = JSON.stringify(
    { schemaVersion: "1.0", generatedAt: "2026-01-01T00:00:00Z", skills: registryEntries },
    null,
    2,
  );
  files["outside.js"] = "console.log('outside the skills root');\n";
  files["bin/fake-agent"] = `#!/usr/bin/env node
const fs = require("node:fs");
const program = fs.readFileSync(process.argv[2], "utf8");
console.log("agent read " + program.split("\\n")[1]);
console.log("inputs " + process.env.CLAWPERATOR_SKILL_INPUTS);
${frame(s.orchestrated.id, "")}`;
  await writeFiles(root, files);
  for (const path of [`${s.echo.path}/scripts/run.sh`, `${s.shell.path}/scripts/run.sh`, "bin/fake-agent"])
    chmodSync(join(root, path), 0o755);
  return { registry: join(root, "skills", "skills-registry.json"), agentBin: join(root, "bin") };
}
