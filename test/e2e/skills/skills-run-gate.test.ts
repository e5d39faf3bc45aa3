import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { json, runCli } from "../../helpers/run-cli.ts";
import { entry, FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import type { ErrorOutput } from "../../helpers/cli-output.ts";

const makeDir = tempDirs("clawperator-skills-gate-");
let home = "";
let registry = "";
let badRegistry = "";
const bad = entry("com.example.bad.recipe", "com.example.bad", "recipe", "Bad recipe", ["run.js"], ["bad.recipe.json"]);

beforeAll(async () => {
  home = await makeDir();
  ({ registry } = await writeSkillsRepo(await makeDir()));
  // A recipe the schemas refuse (timeoutMs below the minimum): the gate must stop the run before the script.
  const badRepo = await makeDir({
    "skills/skills-registry.json": JSON.stringify({ skills: [bad] }),
    [`${bad.path}/SKILL.md`]: `---\nname: ${bad.id}\ndescription: Bad recipe\n---\n`,
    [`${bad.path}/skill.json`]: JSON.stringify(bad),
    [`${bad.path}/scripts/run.js`]: "console.log('must not run');\n",
    [`${bad.path}/artifacts/bad.recipe.json`]: JSON.stringify({
      commandId: "{{COMMAND_ID}}",
      taskId: "t",
      source: "s",
      timeoutMs: 10,
      actions: [{ id: "a", type: "sleep", params: { durationMs: 1 } }],
    }),
  });
  badRegistry = join(badRepo, "skills/skills-registry.json");
});

/** Runs `skills run`. */
async function runSkill(skillId: string, skillsRegistry: string) {
  return runCli(["skills", "run", skillId], {
    cwd: home,
    env: {
      HOME: home,
      CLAWPERATOR_HOME: join(home, ".clawperator"),
      CLAWPERATOR_SKILLS_REGISTRY: skillsRegistry,
    },
  });
}

describe("skills run's validation gate (docs/skills-registry.md#validation: validateSkill with dryRun)", () => {
  it("compiles and checks a skill's valid artifacts, then runs the script", async () => {
    const result = await runSkill(S.recipe.id, registry);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(json(result)).toMatchObject({ status: "success", output: "recipe skill\n" });
  });

  it("stops a skill whose artifact is not a valid execution with SKILL_VALIDATION_FAILED, written by the schemas", async () => {
    const result = await runSkill(bad.id, badRegistry);
    expect(result.exitCode).toBe(1);
    const body = json<ErrorOutput>(result);
    expect(body).toMatchObject({
      code: "SKILL_VALIDATION_FAILED",
      details: { artifact: `${bad.path}/artifacts/bad.recipe.json`, issues: { path: "timeoutMs" } },
    });
    expect(body.message).toMatch(
      /^Skill com\.example\.bad\.recipe artifact .*bad\.recipe\.json is not a valid execution: /,
    );
    expect(result.stdout).not.toContain("must not run");
  });
});
