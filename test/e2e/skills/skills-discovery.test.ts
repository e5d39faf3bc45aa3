import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cliSandbox, json } from "../../helpers/run-cli.ts";
import { entry, FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { LIMITS } from "../../../core/contracts/limits.ts";
import type { SkillList, SkillStatusReport } from "../../../core/services/skills.ts";
import type { ErrorOutput, ValidatedOutput } from "../../helpers/cli-output.ts";

const cli = cliSandbox();
const makeDir = tempDirs("clawperator-skills-");
let repo = "";
let env: Record<string, string> = {};

beforeAll(async () => {
  repo = await makeDir();
  const { registry } = await writeSkillsRepo(repo);
  env = { CLAWPERATOR_SKILLS_REGISTRY: registry };
});

/** The fixture's skills in a list, without the skills this package itself ships (bundled: the clawperator skill). */
const own = (list: SkillList) =>
  list.skills.map((s: { id: string }) => s.id).filter((id: string) => id !== "clawperator");
/** The fixture skills the agent may use: all but the gated one, whose env the test leaves unset. */
const USABLE = Object.values(S)
  .filter((s) => s !== S.gated)
  .map((s) => s.id);

const skills = (args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) =>
  cli.run(["skills", ...args], { env: options.env ?? env, ...(options.cwd ? { cwd: options.cwd } : {}) });

describe("skills discovery", () => {
  it("list returns the registry entries the agent may use as they are, with optional fields, and the count", async () => {
    const body = json<SkillList>(await skills(["list"]));
    expect(own(body)).toEqual(USABLE);
    expect(body.skills).toHaveLength(body.count);
    expect(own(json<SkillList>(await skills(["list", "--all"])))).toEqual(Object.values(S).map((s) => s.id));
    expect(body.skills[0]).toEqual(S.echo);
    expect(body.skills[0]!.keywords).toEqual(["parrot", "say back"]);
  });

  it("get wraps one entry under skill; for-app and search --app/--intent filter exactly", async () => {
    expect(json(await skills(["get", S.recipe.id]))).toEqual({
      skill: S.recipe,
      filePath: join(repo, S.recipe.skillFile),
      baseDir: join(repo, S.recipe.path),
      instructions: `\n# ${S.recipe.id}\n\n${S.recipe.summary}.\n`,
      // What to pass: the recipe's variable (COMMAND_ID and TASK_ID are derived).
      inputs: {
        declared: {},
        usage: [],
        artifacts: [{ artifact: S.recipe.artifacts[0], name: "open-thing", vars: ["THING_NAME"] }],
      },
    });
    expect(json(await skills(["get"]))).toMatchObject({ code: "USAGE", message: "skills get <skill_id>" });
    const forApp = json(await skills(["for-app", "com.android.settings"]));
    expect(forApp).toEqual({ skills: [S.device], count: 1 });
    expect(json(await skills(["search", "--app", "com.android.settings"]))).toEqual(forApp);
    expect(
      json<SkillList>(await skills(["search", "--intent", "shell-only"])).skills.map((s: { id: string }) => s.id),
    ).toEqual([S.shell.id]);
    expect(json<SkillList>(await skills(["search", "--app", "com.android"])).count).toBe(0);
  });

  it("search --keyword ranks keywords, then id/applicationId, then summary; ties keep registry order", async () => {
    const ids = (k: string) =>
      skills(["search", "--keyword", k]).then((r) => json<SkillList>(r).skills.map((s: { id: string }) => s.id));
    expect(await ids("PARROT")).toEqual([S.echo.id]);
    // "say" is a token of the keyword "say back" (rank 2) and nothing else.
    expect(await ids("say")).toEqual([S.echo.id]);
    // "slow" is a token of one id (rank 4); "long" only in its summary (rank 7).
    expect(await ids("slow")).toEqual([S.slow.id]);
    // "orchestrated" is a substring of two ids (rank 6, registry order) and of two summaries.
    expect(await ids("orchestrated")).toEqual([S.orchestrated.id, S.noAgent.id]);
    // "settings": applicationId token (rank 4) for one; none in summaries.
    expect(await ids("settings")).toEqual([S.device.id]);
  });

  it("search without a filter is USAGE with the spec's message and example", async () => {
    const result = await skills(["search"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({
      code: "USAGE",
      message: "skills search requires --app <package_id>, --intent <intent>, or --keyword <text>",
      details: { example: "clawperator skills search --keyword solax" },
    });
  });

  it("pretty list is a table", async () => {
    const result = await skills(["list", "--output", "pretty"]);
    expect(result.stdout).toMatch(
      /^ID\s+APP\s+SUMMARY\ncom\.example\.app\.echo\s+com\.example\.app\s+Echo the arguments/,
    );
    expect(result.stdout).toContain(`${Object.keys(S).length} skills`);
  });
});

describe("registry resolution (spec/000)", () => {
  it("a blank CLAWPERATOR_SKILLS_REGISTRY fails at once", async () => {
    const result = await skills(["list"], { env: { CLAWPERATOR_SKILLS_REGISTRY: "   " } });
    expect(result.exitCode).toBe(1);
    expect(json<ErrorOutput>(result).code).toBe("REGISTRY_READ_FAILED");
  });

  it("a missing configured path fails with the spec's message and does not fall back", async () => {
    const cwd = await makeDir();
    await writeSkillsRepo(cwd);
    const result = await skills(["list"], { env: { CLAWPERATOR_SKILLS_REGISTRY: "/tmp/missing-registry.json" }, cwd });
    expect(json(result)).toMatchObject({
      code: "REGISTRY_READ_FAILED",
      message:
        "Registry not found at configured path: /tmp/missing-registry.json. Update " +
        "CLAWPERATOR_SKILLS_REGISTRY or run clawperator skills install.",
    });
  });

  it("a registry without a skills array is refused", async () => {
    const dir = await makeDir({ "skills/skills-registry.json": JSON.stringify({ schemaVersion: "1" }) });
    const result = await skills(["list"], { env: {}, cwd: dir });
    expect(json(result)).toMatchObject({
      code: "REGISTRY_READ_FAILED",
      message: "Invalid registry: skills array required",
    });
  });

  it("defaults: ./skills/skills-registry.json, then ../../skills/..., then the managed clone", async () => {
    const cwdRepo = await makeDir();
    await writeSkillsRepo(cwdRepo);
    expect(own(json<SkillList>(await skills(["list", "--all"], { env: {}, cwd: cwdRepo })))).toEqual(
      Object.values(S).map((s) => s.id),
    );

    const parent = await makeDir({
      "skills/skills-registry.json": JSON.stringify({ skills: [S.echo] }),
      "apps/node/.keep": "",
    });
    expect(own(json<SkillList>(await skills(["list"], { env: {}, cwd: join(parent, "apps", "node") })))).toEqual([
      S.echo.id,
    ]);

    // The clone `skills install` makes (~/.clawperator/registry), and where the reference runtime made it.
    const cloned = await makeDir();
    await mkdir(join(cloned, "registry", "skills"), { recursive: true });
    await writeFile(join(cloned, "registry", "skills", "skills-registry.json"), JSON.stringify({ skills: [S.recipe] }));
    expect(
      own(json<SkillList>(await skills(["list"], { env: { CLAWPERATOR_HOME: cloned }, cwd: await makeDir() }))),
    ).toEqual([S.recipe.id]);
    const home = await makeDir();
    const managed = join(home, "skills", "skills");
    await mkdir(managed, { recursive: true });
    await writeFile(join(managed, "skills-registry.json"), JSON.stringify({ skills: [S.shell] }));
    const elsewhere = await makeDir();
    expect(own(json<SkillList>(await skills(["list"], { env: { CLAWPERATOR_HOME: home }, cwd: elsewhere })))).toEqual([
      S.shell.id,
    ]);

    // None anywhere: a user who has not installed one yet. The answer is the skills there are (the package's own
    // `clawperator` skill) and how to get more, offline first; an unknown skill says the same.
    const nowhere = await skills(["list"], { env: { CLAWPERATOR_HOME: elsewhere }, cwd: elsewhere });
    expect(nowhere.exitCode).toBe(0);
    const listed = json<SkillList>(nowhere);
    expect(own(listed)).toEqual([]);
    expect(listed.registry).toBeNull();
    expect(listed.hint).toContain("skills new <id> --out ./skills");
    expect(listed.hint).toContain("skills install");
    const pretty = await skills(["list", "--output", "pretty"], {
      env: { CLAWPERATOR_HOME: elsewhere },
      cwd: elsewhere,
    });
    expect(pretty.stdout).toContain("No skills registry in");
    const unknown = json<ErrorOutput>(
      await skills(["get", "x.y"], { env: { CLAWPERATOR_HOME: elsewhere }, cwd: elsewhere }),
    );
    expect(unknown).toMatchObject({ code: "SKILL_NOT_FOUND", hint: expect.stringContaining("no skills registry yet") });
  });

  it("a registry in the working directory hides the installed one: said on stderr and in the answer", async () => {
    const cwd = await makeDir();
    await writeSkillsRepo(cwd);
    const home = await makeDir();
    await mkdir(join(home, "registry", "skills"), { recursive: true });
    const installed = join(home, "registry", "skills", "skills-registry.json");
    await writeFile(installed, JSON.stringify({ skills: [S.recipe] }));
    const result = await skills(["list"], { env: { CLAWPERATOR_HOME: home }, cwd });
    const listed = json<SkillList>(result);
    expect(listed.registry).toBe(join(cwd, "skills", "skills-registry.json"));
    expect(listed.shadowedRegistries).toEqual([installed]);
    expect(result.stderr).toContain(`${installed} is not read`);
  });

  it("AgentSkills folders in ./skills and ./.agents/skills join the registry; the workspace wins a name clash", async () => {
    const cwd = await makeDir({
      ".agents/skills/com.example.folder.tool/SKILL.md":
        "---\nname: com.example.folder.tool\ndescription: A project agents skill\n---\n",
      ".agents/skills/com.example.folder.tool/scripts/run.js": "console.log('project');\n",
      "skills/com.example.folder.tool/SKILL.md":
        "---\nname: com.example.folder.tool\ndescription: The workspace copy\n---\n",
      "skills/com.example.folder.tool/scripts/run.js": "console.log('workspace');\n",
      "skills/plain-folder/SKILL.md": "---\ndescription: Named by its folder\n---\n",
    });
    const body = json<SkillList>(
      await skills(["list"], { env: { CLAWPERATOR_SKILLS_REGISTRY: env.CLAWPERATOR_SKILLS_REGISTRY! }, cwd }),
    );
    const tool = body.skills.find((s: { id: string }) => s.id === "com.example.folder.tool");
    expect(tool).toMatchObject({
      summary: "The workspace copy",
      path: "com.example.folder.tool",
      scripts: ["com.example.folder.tool/scripts/run.js"],
    });
    expect(body.skills.some((s: { id: string }) => s.id === "plain-folder")).toBe(true);
    const ran = json(await cli.run(["skills", "run", "com.example.folder.tool"], { env, cwd }));
    expect(ran).toMatchObject({ status: "success", output: "workspace\n" });
  });
});

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
