import type { SkillList, SkillStatusReport } from "../../../core/services/skills.ts";
import { existsSync } from "node:fs";
import { chmod, mkdir, stat, writeFile } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { execa } from "execa";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../helpers/free-port.ts";
import { holdSpawn, pidWritten, stillRunning } from "../../helpers/interrupted-group.ts";
import { cliSandbox, json, spawnCli } from "../../helpers/run-cli.ts";
import { FIXTURE_SKILLS as S, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import type { ErrorOutput } from "../../helpers/cli-output.ts";

const cli = cliSandbox();
const makeDir = tempDirs("clawperator-skills-git-");
let bare = "";
let v1 = "";
let head = "";

const git = async (cwd: string, args: string[]) =>
  (
    await execa(
      "git",
      ["-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "init.defaultBranch=main", ...args],
      { cwd, env: { GIT_CONFIG_NOSYSTEM: "1" } },
    )
  ).stdout.trim();

/** A local bare repository holding the fixture skills: tag v1 with one skill, main with all of them. No network. */
beforeAll(async () => {
  const work = await makeDir();
  await git(work, ["init", "-q"]);
  await mkdir(join(work, "skills"), { recursive: true });
  await writeFile(join(work, "skills", "skills-registry.json"), JSON.stringify({ skills: [S.shell] }));
  await git(work, ["add", "-A"]);
  await git(work, ["commit", "-qm", "v1"]);
  await git(work, ["tag", "v1"]);
  v1 = await git(work, ["rev-parse", "HEAD"]);
  await writeSkillsRepo(work);
  await git(work, ["add", "-A"]);
  await git(work, ["commit", "-qm", "all skills"]);
  head = await git(work, ["rev-parse", "HEAD"]);
  bare = `${await makeDir()}/skills.git`;
  await git(work, ["clone", "-q", "--bare", work, bare]);
});

describe("skills install / update / sync (git through execa, from a local bare repository)", () => {
  it("install clones into its own dir (not the managed skills folder), prints the export line, and discovery finds the registry there", async () => {
    const home = await makeDir();
    const env = { CLAWPERATOR_HOME: home };
    const installed = await cli.run(["skills", "install", "--repo", bare], { env });
    expect(installed.exitCode, installed.stdout + installed.stderr).toBe(0);
    const registryPath = join(home, "registry", "skills", "skills-registry.json");
    expect(json(installed)).toMatchObject({
      ok: true,
      action: "installed",
      dir: join(home, "registry"),
      url: bare,
      ref: "main",
      commit: head,
      registryPath,
      export: `export CLAWPERATOR_SKILLS_REGISTRY="${registryPath}"`,
    });
    expect((await stat(join(home, "registry"))).mode & 0o777).toBe(0o700);
    const listed = json<SkillList>(await cli.run(["skills", "list", "--all"], { env, cwd: await makeDir() }));
    expect(listed.skills.map((s) => s.id).filter((id) => id !== "clawperator")).toEqual(
      Object.values(S).map((s) => s.id),
    );

    const synced = json(
      await cli.run(["skills", "sync", "--ref", "v1"], { env: { ...env, CLAWPERATOR_SKILLS_REPO: bare } }),
    );
    expect(synced).toMatchObject({ action: "synced", ref: "v1", commit: v1 });
    expect(
      json<SkillList>(await cli.run(["skills", "list"], { env, cwd: await makeDir() }))
        .skills.map((s: { id: string }) => s.id)
        .filter((id: string) => id !== "clawperator"),
    ).toEqual([S.shell.id]);

    // Without --repo, update fetches the clone's own origin, and says which.
    const updated = json(await cli.run(["skills", "update"], { env }));
    expect(updated).toMatchObject({ action: "updated", ref: "main", commit: head, url: bare, exportNeeded: false });
    expect(json<{ commit: string }>(await cli.run(["skills", "update", "--ref", "v1"], { env })).commit).toBe(v1);
  });

  it("shows git's progress while cloning in pretty mode", async () => {
    const home = await makeDir();
    const result = await cli.run(["skills", "install", "--repo", bare, "--output", "pretty"], {
      env: { CLAWPERATOR_HOME: home },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`Installing skills from ${bare} into ${join(home, "registry")}`);
    expect(result.stderr).toMatch(/Cloning into/);
    // The clone's place is a default one: nothing to export (the reference asked for a shell profile line).
    expect(result.stdout).toContain("(found without setting anything)");
    expect(result.stdout).not.toContain("export CLAWPERATOR_SKILLS_REGISTRY");
  });

  it("the repository URL comes from the config when no flag or env names one", async () => {
    const home = await makeDir();
    const project = await makeDir({
      "clawperator.config.mjs": `export default { skills: { repo: ${JSON.stringify(bare)}, ref: "v1" } };\n`,
    });
    const result = json(await cli.run(["skills", "install"], { env: { CLAWPERATOR_HOME: home }, cwd: project }));
    expect(result).toMatchObject({ url: bare, ref: "v1", commit: v1 });
  });

  it("SKILLS_SYNC_FAILED for a bad ref or repository, USAGE for sync without --ref, SKILLS_GIT_NOT_FOUND without git", async () => {
    const home = await makeDir();
    const env = { CLAWPERATOR_HOME: home };
    const missingRepo = json<ErrorOutput>(
      await cli.run(["skills", "install", "--repo", join(home, "nope.git")], { env }),
    );
    expect(missingRepo.code).toBe("SKILLS_SYNC_FAILED");
    await cli.run(["skills", "install", "--repo", bare], { env });
    const badRef = json<ErrorOutput>(await cli.run(["skills", "sync", "--ref", "no-such-ref"], { env }));
    expect(badRef).toMatchObject({ code: "SKILLS_SYNC_FAILED" });
    expect(badRef.message).toContain("git checkout no-such-ref failed");
    expect(json(await cli.run(["skills", "sync"], { env }))).toMatchObject({
      code: "USAGE",
      message: "skills sync --ref <git-ref>",
    });
    const noGit = await cli.run(["skills", "install", "--repo", bare], {
      env: { CLAWPERATOR_HOME: await makeDir(), PATH: await makeDir() },
    });
    expect(noGit.exitCode).toBe(1);
    expect(json(noGit)).toMatchObject({ code: "SKILLS_GIT_NOT_FOUND", message: "git is not installed or not on PATH" });
  });
});

describe("skills install / update / sync: hostile refs and repositories (issue 21, item 8)", () => {
  it.each([
    ["--orphan=evil"],
    ["--pathspec-from-file=/etc/passwd"],
    ["-b"],
    ["a..b"],
    ["x y"],
    ["@{-1}"],
    ["v1^"],
    ["a:b"],
    ["feature.lock"],
    ["refs//x"],
    ["@"],
    ["a\\b"],
    ["tag."],
    ["t\u0007"],
  ])("--ref %j is USAGE before git runs", async (ref) => {
    const home = await makeDir();
    const result = await cli.run(["skills", "install", "--repo", bare, "--ref", ref], {
      env: { CLAWPERATOR_HOME: home },
    });
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "USAGE", message: expect.stringContaining("is not a valid git ref") });
    expect(existsSync(join(home, "registry"))).toBe(false);
  });

  it("a bad ref on an existing clone leaves it where it was", async () => {
    const home = await makeDir();
    const env = { CLAWPERATOR_HOME: home };
    expect(
      json<{ commit: string }>(await cli.run(["skills", "install", "--repo", bare, "--ref", "v1"], { env })).commit,
    ).toBe(v1);
    for (const ref of ["--orphan=evil", "--pathspec-from-file=/etc/passwd"]) {
      expect(
        json<{ code: string }>(await cli.run(["skills", "sync", "--repo", bare, "--ref", ref], { env })).code,
      ).toBe("USAGE");
    }
    expect(await git(join(home, "registry"), ["rev-parse", "HEAD"])).toBe(v1);
    expect(await git(join(home, "registry"), ["branch", "--list", "evil"])).toBe("");
  });

  it.each([
    ["fd::7", "fd"],
    ["ext::sh -c touch% /tmp/clawperator-ext-pwned", "ext"],
    ["http://127.0.0.1:9/skills.git", "http"],
    ["ftp://127.0.0.1/skills.git", "ftp"],
    ["foo::bar", "foo"],
  ])("--repo %s is refused: transport %s is not allowed by default", async (url, transport) => {
    const home = await makeDir();
    const result = await cli.run(["skills", "install", "--repo", url], { env: { CLAWPERATOR_HOME: home } });
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({
      code: "USAGE",
      message: expect.stringContaining(`transport '${transport}' is not allowed`),
    });
    expect(existsSync(join(home, "registry"))).toBe(false);
    expect(existsSync("/tmp/clawperator-ext-pwned")).toBe(false);
  });

  it("config skills.allowedRepoTransports replaces the default list", async () => {
    const project = await makeDir({
      "clawperator.config.mjs": 'export default { skills: { allowedRepoTransports: ["https"] } };\n',
    });
    const refused = json(
      await cli.run(["skills", "install", "--repo", bare], {
        env: { CLAWPERATOR_HOME: await makeDir() },
        cwd: project,
      }),
    );
    expect(refused).toMatchObject({
      code: "USAGE",
      message: expect.stringContaining("transport 'file' is not allowed"),
    });
  });

  it("a git call that hangs is stopped at skills.gitTimeoutMs with SKILLS_SYNC_FAILED", async () => {
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      const project = await makeDir({
        "clawperator.config.mjs": "export default { skills: { gitTimeoutMs: 2000 } };\n",
      });
      const result = await cli.run(["skills", "install", "--repo", `git://127.0.0.1:${port}/skills.git`], {
        env: { CLAWPERATOR_HOME: await makeDir() },
        cwd: project,
      });
      expect(result.exitCode).toBe(1);
      expect(json(result)).toMatchObject({
        code: "SKILLS_SYNC_FAILED",
        message: expect.stringContaining("timed out after 2000 ms"),
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      server.close();
    }
  });
});

describe("skills install: an interrupt (issue 21, item 6)", () => {
  // "held": the CLI is stopped right after git started, before spawn returned to it, as a busy machine does at random.
  it.each([["once git runs"], ["held"]])("SIGINT to the CLI takes git's process group with it: %s", async (timing) => {
    // A git that hangs (a stalled network, say) and says where it runs.
    const bin = await makeDir({ git: '#!/bin/sh\necho $$ > "$FAKE_GIT_PID"\nexec sleep 300\n' });
    await chmod(join(bin, "git"), 0o755);
    const file = join(await makeDir(), "git.pid");
    const go = join(await makeDir(), "go");
    const held = timing === "held";
    const hold = held ? holdSpawn(go) : { env: {} };
    const child = spawnCli(["skills", "install", "--repo", bare], {
      ...hold,
      cwd: await makeDir(),
      env: {
        CLAWPERATOR_HOME: await makeDir(),
        PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
        FAKE_GIT_PID: file,
        ...hold.env,
      },
      timeoutMs: 60_000,
    });
    const pid = await pidWritten(file);
    try {
      child.kill("SIGINT");
      if (held) await writeFile(go, "");
      const result = await child;
      expect(result.timedOut).toBe(false);
      expect(result.signal).toBe("SIGINT");
      expect(await stillRunning(pid), `${result.stderr} ${result.stdout}`).toBeUndefined();
    } finally {
      if (await stillRunning(pid)) process.kill(pid, "SIGKILL");
    }
  });
});

describe("the registry clone and the managed skills folder live side by side", () => {
  const skillMd = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nbody\n`;

  it("a skill the user put in ~/.clawperator/skills no longer stops skills install --repo", async () => {
    const home = await makeDir({ "skills/my-skill/SKILL.md": skillMd("my-skill", "Mine, in the managed folder") });
    const env = { CLAWPERATOR_HOME: home };
    const installed = await cli.run(["skills", "install", "--repo", bare], { env });
    expect(installed.exitCode, installed.stdout).toBe(0);
    const status = json<SkillStatusReport>(await cli.run(["skills", "status"], { env, cwd: await makeDir() }));
    const byName = new Map(status.skills.map((s) => [s.name, s]));
    expect(byName.get("my-skill")).toMatchObject({ source: "managed", eligible: true });
    expect(byName.get(S.echo.id)).toMatchObject({ source: "managed", origin: { sourceId: "registry" } });
  });

  it("an old clone in ~/.clawperator/skills is moved to ~/.clawperator/registry; the paths users exported still work", async () => {
    const home = await makeDir();
    const legacy = join(home, "skills");
    await git(home, ["clone", "-q", bare, legacy]);
    // A skill the user had put beside the old clone stays in the managed folder.
    await mkdir(join(legacy, "mine"), { recursive: true });
    await writeFile(join(legacy, "mine", "SKILL.md"), skillMd("mine", "Kept in the managed folder"));
    const exported = join(legacy, "skills", "skills-registry.json");
    const env = { CLAWPERATOR_HOME: home, CLAWPERATOR_SKILLS_REGISTRY: exported };
    const listed = json<SkillList>(await cli.run(["skills", "list", "--all"], { env, cwd: await makeDir() }));
    expect(listed.skills.map((s) => s.id)).toEqual(expect.arrayContaining([S.echo.id, "mine"]));
    expect(existsSync(join(home, "registry", ".git"))).toBe(true);
    expect(existsSync(join(home, "registry", "skills", "skills-registry.json"))).toBe(true);
    expect(existsSync(join(legacy, "mine", "SKILL.md"))).toBe(true);
    expect(existsSync(join(legacy, ".git"))).toBe(false);
    expect(await git(join(home, "registry"), ["rev-parse", "HEAD"])).toBe(head);
    // The registry is read from its new place; the old path in the variable resolves there.
    const ran = json<{ status: string }>(await cli.run(["skills", "run", S.shell.id], { env, cwd: await makeDir() }));
    expect(ran).toMatchObject({ status: "success" });
    const updated = json(await cli.run(["skills", "update"], { env: { CLAWPERATOR_HOME: home } }));
    expect(updated).toMatchObject({ action: "updated", dir: join(home, "registry") });
  });

  it("skills install <dir|git url> puts one skill into the managed folder; update reinstalls it from its source", async () => {
    const home = await makeDir();
    const env = { CLAWPERATOR_HOME: home };
    const source = await makeDir({
      "SKILL.md": skillMd("local-skill", "Installed from a folder"),
      "scripts/run.sh": "#!/bin/sh\necho hi\n",
      ".git/HEAD": "ref: refs/heads/main\n",
    });
    const installed = json(await cli.run(["skills", "install", source], { env }));
    expect(installed).toMatchObject({
      ok: true,
      action: "installed",
      name: "local-skill",
      dir: join(home, "skills", "local-skill"),
    });
    expect(existsSync(join(home, "skills", "local-skill", "scripts", "run.sh"))).toBe(true);
    expect(existsSync(join(home, "skills", "local-skill", ".git"))).toBe(false);
    const again = json<ErrorOutput>(await cli.run(["skills", "install", source], { env }));
    expect(again.code).toBe("SKILL_ALREADY_INSTALLED");
    await writeFile(join(source, "SKILL.md"), skillMd("local-skill", "Changed at its source"));
    expect(json(await cli.run(["skills", "update", "local-skill"], { env }))).toMatchObject({ action: "updated" });
    const status = json<SkillStatusReport>(await cli.run(["skills", "status"], { env, cwd: await makeDir() }));
    expect(status.skills.find((s) => s.name === "local-skill")).toMatchObject({
      description: "Changed at its source",
      source: "managed",
      removable: true,
    });
    // A git URL: the repository's top holds the skill.
    const repo = await makeDir({ "SKILL.md": skillMd("git-skill", "From git") });
    await git(repo, ["init", "-q"]);
    await git(repo, ["add", "-A"]);
    await git(repo, ["commit", "-qm", "skill"]);
    const fromGit = json(await cli.run(["skills", "install", `file://${repo}`], { env }));
    expect(fromGit).toMatchObject({
      action: "installed",
      name: "git-skill",
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const refused = json<ErrorOutput>(await cli.run(["skills", "install", "ext::sh -c true"], { env }));
    expect(refused.code).toBe("USAGE");
    const notSkill = json<ErrorOutput>(
      await cli.run(["skills", "install", await makeDir({ "README.md": "x" })], { env }),
    );
    expect(notSkill.code).toBe("SKILL_VALIDATION_FAILED");
  });
});
