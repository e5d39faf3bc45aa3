import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureSkillsCli } from "../../helpers/fixture-skills-cli.ts";
import { json } from "../../helpers/run-cli.ts";
import { entry, FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { LIMITS } from "../../../core/contracts/limits.ts";
import type { SkillStatusReport } from "../../../core/services/skills.ts";
import type { ValidatedOutput } from "../../helpers/cli-output.ts";

// skills validate, get's inputs, status and compile-artifact through the CLI, on the fixture skills repository.
const fixture = fixtureSkillsCli();
const { cli, makeDir, skills } = fixture;

describe("skills validate, status, compile-artifact", () => {
  it("validate checks files and skill.json parity; --dry-run skips payloads of script-only skills", async () => {
    expect(json(await skills(["validate", S.echo.id, "--dry-run"]))).toMatchObject({
      valid: true,
      // As the reference's result carries it.
      skill: S.echo,
      dryRun: {
        payloadValidation: "skipped",
        reason: "skill has no pre-compiled artifacts; payload is generated at runtime by the skill script",
      },
    });
    expect(json(await skills(["validate", S.recipe.id, "--dry-run"]))).toMatchObject({
      valid: true,
      dryRun: { payloadValidation: "passed" },
    });
    const all = await skills(["validate", "--all"]);
    expect(all.exitCode).toBe(1);
    const invalid = json<{ results: { valid: boolean; skillId: string }[] }>(all)
      .results.filter((r: { valid: boolean }) => !r.valid)
      .map((r: { skillId: string }) => r.skillId);
    expect(invalid).toEqual([S.missingScript.id, S.escape.id]);
  });

  it("validate reads a skill.json without an artifacts field as artifacts [] (the registry generator writes [])", async () => {
    const dir = await makeDir();
    const { registry } = await writeSkillsRepo(dir);
    const { artifacts: _none, ...withoutArtifacts } = S.echo;
    await writeFile(join(dir, S.echo.path, "skill.json"), JSON.stringify(withoutArtifacts));
    const result = await skills(["validate", S.echo.id, "--dry-run"], {
      env: { CLAWPERATOR_SKILLS_REGISTRY: registry },
    });
    expect(result.exitCode).toBe(0);
    expect(json(result)).toMatchObject({ valid: true, skill: { id: S.echo.id } });
    // An artifact listed on one side only is still a mismatch.
    await writeFile(join(dir, S.recipe.path, "skill.json"), JSON.stringify({ ...S.recipe, artifacts: undefined }));
    const recipe = json(await skills(["validate", S.recipe.id], { env: { CLAWPERATOR_SKILLS_REGISTRY: registry } }));
    expect(recipe).toMatchObject({
      code: "SKILL_VALIDATION_FAILED",
      details: { mismatches: [{ field: "artifacts" }] },
    });
  });

  it("get --output pretty shows what to pass: declared inputs, SKILL.md usage lines, artifact variables", async () => {
    const dir = await makeDir();
    const { registry } = await writeSkillsRepo(dir);
    const usage = "./skills/x/scripts/run.sh <device_id> <query> [receiver_package]";
    await writeFile(
      join(dir, S.shell.path, "SKILL.md"),
      `---\nname: ${S.shell.id}\ndescription: d\n---\n\n## Usage\n\n\`\`\`bash\n# search\n${usage}\n\`\`\`\n\n## Output\n\n\`\`\`\nnot usage\n\`\`\`\n`,
    );
    const pretty = (id: string) =>
      skills(["get", id, "--output", "pretty"], { env: { CLAWPERATOR_SKILLS_REGISTRY: registry } }).then(
        (r) => r.stdout,
      );
    expect(await pretty(S.verified.id)).toContain("  input:     name (string)");
    expect(await pretty(S.verified.id)).toContain(
      `clawperator skills run ${S.verified.id} --device-id <serial> -- --name <name>`,
    );
    const shell = await pretty(S.shell.id);
    expect(shell).toContain(`  usage:     ${usage}`);
    expect(shell).not.toContain("not usage");
    expect(await pretty(S.recipe.id)).toContain(
      `clawperator skills compile-artifact ${S.recipe.id} --artifact open-thing --vars '{"THING_NAME":"..."}'`,
    );
  });

  it("get reads an artifact no further than compile-artifact would: an oversized one has no variables", async () => {
    const dir = await makeDir();
    const { registry } = await writeSkillsRepo(dir);
    const oversized = `{"actions":[{"type":"open_app","params":{"applicationId":"{{THING_NAME}}"}}],"pad":"${"x".repeat(LIMITS.MAX_EXECUTION_INPUT_BYTES)}"}`;
    await writeFile(join(dir, S.recipe.artifacts[0]!), oversized);
    const body = json<{ inputs: { artifacts: { vars: string[] }[] } }>(
      await skills(["get", S.recipe.id], { env: { CLAWPERATOR_SKILLS_REGISTRY: registry } }),
    );
    expect(body.inputs.artifacts).toMatchObject([{ name: "open-thing", vars: [] }]);
  });

  it("validate reports a skill.json that disagrees with the registry", async () => {
    const dir = await makeDir();
    const { registry } = await writeSkillsRepo(dir);
    await writeFile(join(dir, S.echo.path, "skill.json"), JSON.stringify({ ...S.echo, summary: "changed" }));
    const body = json(await skills(["validate", S.echo.id], { env: { CLAWPERATOR_SKILLS_REGISTRY: registry } }));
    expect(body).toMatchObject({
      code: "SKILL_VALIDATION_FAILED",
      details: { mismatches: [{ field: "summary", registry: S.echo.summary, skillJson: "changed" }] },
    });
  });

  it("status reports eligible and blocked skills with structured reasons; pretty mode is a table", async () => {
    const body = json<SkillStatusReport>(await skills(["status"]));
    const gated = body.skills.find((s: { id: string }) => s.id === S.gated.id);
    expect(gated).toMatchObject({
      eligible: false,
      primaryEnv: "NEEDS_KEY_TOKEN",
      readiness: "needs-setup",
      missing: { bins: [], anyBins: [], env: ["NEEDS_KEY_TOKEN"], config: [], os: [], packages: [] },
      packages: [{ name: "com.example.app", installed: null }],
    });
    expect(body.skills.find((s: { id: string }) => s.id === S.echo.id)).toMatchObject({
      eligible: true,
      readiness: "ready",
      source: "workspace",
      origin: { sourceId: "registry", precedence: "workspace" },
    });
    const fixture = body.skills.filter((s) => s.source !== "bundled");
    expect(fixture.map((s) => s.name).sort()).toEqual(
      Object.values(S)
        .map((s) => s.id)
        .sort(),
    );
    expect(fixture.filter((s) => !s.eligible).map((s) => s.name)).toEqual([S.gated.id]);
    const pretty = await skills(["status", "--output", "pretty"]);
    expect(pretty.stdout).toMatch(/^STATUS\s+SKILL\s+SOURCE\s+MISSING\n/);
    expect(pretty.stdout).toMatch(/needs-setup\s+com\.example\.app\.needs-key\s+workspace\s+env: NEEDS_KEY_TOKEN/);
    expect(pretty.stdout).toMatch(/\d+ eligible, \d+ blocked\n?$/);
  });

  it("compile-artifact fills {{VAR}}s, derives stable ids, and marks the mode", async () => {
    const compile = (extra: string[]) =>
      skills(["compile-artifact", S.recipe.id, "--artifact", "open-thing", ...extra]);
    const first = json<{ execution: Execution }>(await compile(["--vars", '{"THING_NAME":"Lamp \\"A\\""}']));
    expect(first.execution).toMatchObject({
      commandId: expect.stringMatching(/^cmd-[0-9a-f]{12}$/),
      taskId: expect.stringMatching(/^task-[0-9a-f]{12}$/),
      mode: "artifact_compiled",
      expectedFormat: "android-ui-automator",
      actions: [{ id: "open" }, { id: "find", params: { matcher: { textEquals: 'Lamp "A"' } } }],
    });
    const again = json<{ execution: Execution }>(
      await skills([
        "compile-artifact",
        "--skill-id",
        S.recipe.id,
        "--artifact",
        "open-thing.recipe.json",
        "--vars",
        '{"THING_NAME":"Lamp \\"A\\""}',
      ]),
    );
    expect(again.execution.commandId).toBe(first.execution.commandId);
    const other = json<{ execution: Execution }>(await compile(["--vars", '{"THING_NAME":"Fan"}']));
    expect(other.execution.commandId).not.toBe(first.execution.commandId);
    expect(
      json<{ execution: Execution }>(await compile(["--vars", '{"THING_NAME":"x","COMMAND_ID":"mine"}'])).execution
        .commandId,
    ).toBe("mine");
  });

  it("compile-artifact output piped into execute --execution - is the execution (the reference's pipe)", async () => {
    const compiled = await skills([
      "compile-artifact",
      S.recipe.id,
      "--artifact",
      "open-thing",
      "--vars",
      '{"THING_NAME":"Lamp"}',
    ]);
    const piped = await cli.run(["execute", "--execution", "-", "--validate-only"], { input: compiled.stdout });
    expect(piped.exitCode).toBe(0);
    expect(json(piped)).toMatchObject({
      validated: true,
      execution: { commandId: json<ValidatedOutput>(compiled).execution.commandId, mode: "artifact_compiled" },
    });
  });

  it("compile-artifact errors: COMPILE_VAR_MISSING (no --vars, or --vars without one), COMPILE_VARS_PARSE_FAILED, ARTIFACT_NOT_FOUND, COMPILE_VALIDATION_FAILED, USAGE", async () => {
    const compile = (extra: string[]) => skills(["compile-artifact", S.recipe.id, ...extra]).then(json);
    expect(await compile(["--artifact", "open-thing"])).toMatchObject({
      code: "COMPILE_VAR_MISSING",
      message: "Missing required variable: THING_NAME",
      details: { placeholder: "THING_NAME", missing: ["THING_NAME"] },
    });
    expect(await compile(["--artifact", "open-thing", "--vars", '{"OTHER":"x"}'])).toMatchObject({
      code: "COMPILE_VAR_MISSING",
      message: "Missing required variable: THING_NAME",
      details: { placeholder: "THING_NAME" },
    });
    expect(await compile(["--artifact", "open-thing", "--vars", "{nope"])).toMatchObject({
      code: "COMPILE_VARS_PARSE_FAILED",
    });
    expect(await compile(["--artifact", "nothing-here"])).toMatchObject({
      code: "ARTIFACT_NOT_FOUND",
      message: `Artifact not found: nothing-here (skill: ${S.recipe.id})`,
    });
    expect(await skills(["compile-artifact", S.recipe.id]).then(json)).toMatchObject({ code: "USAGE" });

    const dir = await makeDir();
    const bad = entry("com.example.bad.recipe", "com.example.bad", "recipe", "Bad recipe", [], ["bad.recipe.json"]);
    const files = {
      "skills/skills-registry.json": JSON.stringify({ skills: [bad] }),
      [`${bad.path}/artifacts/bad.recipe.json`]: JSON.stringify({
        commandId: "{{COMMAND_ID}}",
        taskId: "t",
        source: "s",
        timeoutMs: 10,
        actions: [{ id: "a", type: "sleep", params: { durationMs: 1 } }],
      }),
    };
    for (const [p, c] of Object.entries(files)) {
      await mkdir(join(dir, p, ".."), { recursive: true });
      await writeFile(join(dir, p), c);
    }
    const invalid = json(
      await skills(["compile-artifact", bad.id, "--artifact", "bad"], {
        env: { CLAWPERATOR_SKILLS_REGISTRY: join(dir, "skills/skills-registry.json") },
      }),
    );
    expect(invalid).toMatchObject({ code: "COMPILE_VALIDATION_FAILED", details: { path: "timeoutMs" } });
  });
});
