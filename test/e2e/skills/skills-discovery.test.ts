import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureSkillsCli } from "../../helpers/fixture-skills-cli.ts";
import { json } from "../../helpers/run-cli.ts";
import { FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import type { SkillList } from "../../../core/services/skills.ts";
import type { ErrorOutput } from "../../helpers/cli-output.ts";

const fixture = fixtureSkillsCli();
const { cli, makeDir, skills } = fixture;

/** The fixture's skills in a list, without the skills this package itself ships (bundled: the clawperator skill). */
const own = (list: SkillList) =>
  list.skills.map((s: { id: string }) => s.id).filter((id: string) => id !== "clawperator");
/** The fixture skills the agent may use: all but the gated one, whose env the test leaves unset. */
const USABLE = Object.values(S)
  .filter((s) => s !== S.gated)
  .map((s) => s.id);

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
      filePath: join(fixture.repo, S.recipe.skillFile),
      baseDir: join(fixture.repo, S.recipe.path),
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

describe("registry resolution (docs/skills-registry.md#resolution)", () => {
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
      await skills(["list"], { env: { CLAWPERATOR_SKILLS_REGISTRY: fixture.env.CLAWPERATOR_SKILLS_REGISTRY! }, cwd }),
    );
    const tool = body.skills.find((s: { id: string }) => s.id === "com.example.folder.tool");
    expect(tool).toMatchObject({
      summary: "The workspace copy",
      path: "com.example.folder.tool",
      scripts: ["com.example.folder.tool/scripts/run.js"],
    });
    expect(body.skills.some((s: { id: string }) => s.id === "plain-folder")).toBe(true);
    const ran = json(await cli.run(["skills", "run", "com.example.folder.tool"], { env: fixture.env, cwd }));
    expect(ran).toMatchObject({ status: "success", output: "workspace\n" });
  });
});
