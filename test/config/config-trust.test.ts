import { execFileSync } from "node:child_process";
import { chmod, chown, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/load-config.ts";
import { caught } from "../helpers/caught.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

// A config file another local user planted or could replace is never loaded, and the search stops
// at the home directory or a project's root. Every case leaves a marker when the planted config runs.

const makeDir = tempDirs("clawperator-config-trust-");
const isRoot = process.getuid?.() === 0;
const NOBODY = 65_534;

/** A config that, when evaluated, writes `marker`: the proof it ran. */
const planted = (marker: string) =>
  `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport default {};\n`;

const ran = (marker: string) => execFileSync("sh", ["-c", `test -e '${marker}' && echo yes || echo no`]).toString();

const home = process.env.HOME;
afterEach(() => {
  process.env.HOME = home;
});

describe("a config file another user could have written is refused, naming the file and why", () => {
  it("in a world-writable directory without the sticky bit, even when it is our own file", async () => {
    const dir = await makeDir({ "shared/victim/.keep": "" });
    const config = join(dir, "shared", "clawperator.config.mjs");
    await writeFile(config, planted(join(dir, "marker")));
    await chmod(join(dir, "shared"), 0o777);
    const error = await caught(() => loadConfig({ cwd: join(dir, "shared", "victim") }));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(config);
    expect(error.message).toContain("no sticky bit");
    expect(ran(join(dir, "marker"))).toBe("no\n");
  });

  it("a file anyone may write", async () => {
    const dir = await makeDir({ ".clawperatorrc.json": '{ "deviceId": "x" }' });
    await chmod(join(dir, ".clawperatorrc.json"), 0o666);
    const error = await caught(() => loadConfig({ cwd: dir }));
    expect(error.message).toContain(join(dir, ".clawperatorrc.json"));
    expect(error.message).toContain("anyone may write it");
  });

  it.runIf(isRoot)("owned by another user in a sticky world-writable directory (/tmp's case)", async () => {
    const dir = await makeDir({ "ww/victim/.keep": "" });
    const config = join(dir, "ww", "clawperator.config.mjs");
    await writeFile(config, planted(join(dir, "marker")));
    await chmod(join(dir, "ww"), 0o1777);
    await chown(config, NOBODY, NOBODY);
    const error = await caught(() => loadConfig({ cwd: join(dir, "ww", "victim") }));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(config);
    expect(error.message).toContain(`owned by uid ${NOBODY}`);
    expect(ran(join(dir, "marker"))).toBe("no\n");
  });

  it.runIf(isRoot)("our own file in a directory another user owns (who could replace it)", async () => {
    const dir = await makeDir({ "theirs/.clawperatorrc.yaml": "deviceId: x\n" });
    await chown(join(dir, "theirs"), NOBODY, NOBODY);
    const error = await caught(() => loadConfig({ cwd: join(dir, "theirs") }));
    expect(error.message).toContain(`${join(dir, "theirs")} is owned by uid ${NOBODY}`);
  });

  it.runIf(isRoot)(
    "a package.json with a clawperator key owned by another user; one without the key is passed over",
    async () => {
      const dir = await makeDir({
        "clawperator.config.json": '{ "deviceId": "ours" }',
        "app/package.json": '{ "name": "app" }',
      });
      await chown(join(dir, "app", "package.json"), NOBODY, NOBODY);
      expect((await loadConfig({ cwd: join(dir, "app") })).deviceId).toBe("ours");
      await writeFile(
        join(dir, "app", "package.json"),
        '{ "name": "app", "clawperator": { "plugins": ["./evil.mjs"] } }',
      );
      const error = await caught(() => loadConfig({ cwd: join(dir, "app") }));
      expect(error.message).toContain(join(dir, "app", "package.json"));
    },
  );

  it("an accepted config that becomes replaceable is refused the next time (the discovery cache does not vouch)", async () => {
    const dir = await makeDir({ "shared/clawperator.config.json": '{ "deviceId": "ok" }', "shared/app/.keep": "" });
    const cwd = join(dir, "shared", "app");
    expect((await loadConfig({ cwd })).deviceId).toBe("ok");
    expect((await loadConfig({ cwd })).deviceId).toBe("ok");
    await chmod(join(dir, "shared"), 0o777);
    const error = await caught(() => loadConfig({ cwd }));
    expect(error.message).toContain(join(dir, "shared", "clawperator.config.json"));
  });

  it("an explicit --config is judged too", async () => {
    const dir = await makeDir({ "c/team.json": '{ "deviceId": "x" }' });
    await chmod(join(dir, "c"), 0o777);
    const error = await caught(() => loadConfig({ cwd: "/", configPath: join(dir, "c", "team.json") }));
    expect(error.message).toContain("no sticky bit");
  });

  it("a symlink another user could have planted is judged as an entry, and what it leads to as a file", async () => {
    const dir = await makeDir({ "real/clawperator.config.json": '{ "deviceId": "x" }', "open/.keep": "" });
    await chmod(join(dir, "real"), 0o777);
    execFileSync("ln", ["-s", join(dir, "real", "clawperator.config.json"), join(dir, "open", ".clawperatorrc.json")]);
    const error = await caught(() => loadConfig({ cwd: join(dir, "open") }));
    expect(error.message).toContain(join(dir, "open", ".clawperatorrc.json"));
    expect(error.message).toContain(`${join(dir, "real")} may be written by anyone`);
  });

  it("a FIFO or a device at a config's name is refused before it is read (no hang, no unbounded read)", async () => {
    const dir = await makeDir({ "app/.keep": "" });
    execFileSync("mkfifo", [join(dir, ".clawperatorrc")]);
    const error = await caught(() => loadConfig({ cwd: join(dir, "app") }));
    expect(error.message).toContain(`${join(dir, ".clawperatorrc")}: refused: it is not a regular file`);
  });
});

describe("the upward search stops at a project's root or the home directory", () => {
  it("does not look above a directory holding .git", async () => {
    const dir = await makeDir({ "clawperator.config.json": '{ "deviceId": "above" }', "proj/src/.keep": "" });
    await mkdir(join(dir, "proj", ".git"));
    expect((await loadConfig({ cwd: join(dir, "proj", "src") })).deviceId).toBeUndefined();
    await writeFile(join(dir, "proj", ".clawperatorrc.yml"), "deviceId: project\n");
    expect((await loadConfig({ cwd: join(dir, "proj", "src") })).deviceId).toBe("project");
  });

  it("does not look above the home directory, and reads one in it", async () => {
    const dir = await makeDir({ "clawperator.config.json": '{ "deviceId": "above" }', "me/work/.keep": "" });
    process.env.HOME = join(dir, "me");
    expect((await loadConfig({ cwd: join(dir, "me", "work") })).deviceId).toBeUndefined();
    await writeFile(join(dir, "me", ".clawperatorrc.json"), '{ "deviceId": "home" }');
    expect((await loadConfig({ cwd: join(dir, "me", "work") })).deviceId).toBe("home");
  });
});
