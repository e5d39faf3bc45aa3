import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/load-config.ts";
import { caught } from "../helpers/caught.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-config-");

// Each form sets deviceId to its own id, so a passing test proves that file (and no other) was read.
const FORMS: Record<string, { id: string; files: Record<string, string> }> = {
  "clawperator.config.ts": {
    id: "ts",
    files: { "clawperator.config.ts": 'const id: string = "ts";\nexport default { deviceId: id };\n' },
  },
  "clawperator.config.mts": {
    id: "mts",
    files: { "clawperator.config.mts": 'const id: string = "mts";\nexport default { deviceId: id };\n' },
  },
  "clawperator.config.js (CommonJS)": {
    id: "js",
    files: { "clawperator.config.js": 'module.exports = { deviceId: "js" };\n' },
  },
  "clawperator.config.js (ESM package)": {
    id: "js-esm",
    files: {
      "package.json": '{ "name": "app", "type": "module" }',
      "clawperator.config.js": 'export default { deviceId: "js-esm" };\n',
    },
  },
  "clawperator.config.mjs": { id: "mjs", files: { "clawperator.config.mjs": 'export default { deviceId: "mjs" };\n' } },
  "clawperator.config.cjs": {
    id: "cjs",
    files: { "clawperator.config.cjs": 'module.exports = { deviceId: "cjs" };\n' },
  },
  "clawperator.config.json": { id: "json", files: { "clawperator.config.json": '{ "deviceId": "json" }' } },
  ".clawperatorrc (JSON)": { id: "rc-json", files: { ".clawperatorrc": '{ "deviceId": "rc-json" }' } },
  ".clawperatorrc (YAML)": { id: "rc-yaml", files: { ".clawperatorrc": "deviceId: rc-yaml\n" } },
  ".clawperatorrc.json": { id: "rc.json", files: { ".clawperatorrc.json": '{ "deviceId": "rc.json" }' } },
  ".clawperatorrc.yaml": { id: "rc.yaml", files: { ".clawperatorrc.yaml": "deviceId: rc.yaml\n" } },
  ".clawperatorrc.yml": { id: "rc.yml", files: { ".clawperatorrc.yml": "deviceId: rc.yml\n" } },
  'package.json "clawperator" key': {
    id: "pkg",
    files: { "package.json": '{ "name": "app", "clawperator": { "deviceId": "pkg" } }' },
  },
};
const configFile = (files: Record<string, string>) =>
  Object.keys(files).find((f) => f !== "package.json") ?? "package.json";

describe("config discovery", () => {
  it.each(Object.keys(FORMS))("reads %s with defaults filled in", async (form) => {
    const { id, files } = FORMS[form]!;
    const dir = await makeDir(files);
    const config = await loadConfig({ cwd: dir });
    expect(config).toEqual({ plugins: [], disablePlugins: [], deviceId: id, filepath: join(dir, configFile(files)) });
  });

  it.each(["clawperator.config.ts", ".clawperatorrc (YAML)", 'package.json "clawperator" key'])(
    "finds %s upward from a nested working directory",
    async (form) => {
      const { id, files } = FORMS[form]!;
      const dir = await makeDir({ ...files, "src/screens/home/.keep": "" });
      const config = await loadConfig({ cwd: join(dir, "src/screens/home") });
      expect(config.deviceId).toBe(id);
      expect(config.filepath).toBe(join(dir, configFile(files)));
    },
  );

  it("the nearest config wins over one further up", async () => {
    const dir = await makeDir({
      "clawperator.config.json": '{ "deviceId": "outer" }',
      "app/.clawperatorrc.yml": "deviceId: inner\n",
    });
    expect((await loadConfig({ cwd: join(dir, "app") })).deviceId).toBe("inner");
  });

  it("a package.json without a clawperator key is passed over", async () => {
    const dir = await makeDir({
      "clawperator.config.json": '{ "deviceId": "outer" }',
      "app/package.json": '{ "name": "app" }',
    });
    const config = await loadConfig({ cwd: join(dir, "app") });
    expect(config.deviceId).toBe("outer");
  });

  it("no config anywhere means the defaults, without a filepath", async () => {
    const dir = await makeDir({ "empty/.keep": "" });
    expect(await loadConfig({ cwd: join(dir, "empty") })).toEqual({ plugins: [], disablePlugins: [] });
  });
});

describe("explicit config path (--config)", () => {
  it("wins over a config that search would find, and resolves relative to cwd", async () => {
    const dir = await makeDir({
      "clawperator.config.json": '{ "deviceId": "searched" }',
      "configs/ci.yaml": "deviceId: explicit\n",
    });
    const config = await loadConfig({ cwd: dir, configPath: "configs/ci.yaml" });
    expect(config).toMatchObject({ deviceId: "explicit", filepath: join(dir, "configs/ci.yaml") });
  });

  it("loads any supported file form by its extension", async () => {
    const dir = await makeDir({
      "team.config.ts": 'export default { operatorPackage: "com.clawperator.operator.dev" };\n',
    });
    const config = await loadConfig({ cwd: "/", configPath: join(dir, "team.config.ts") });
    expect(config.operatorPackage).toBe("com.clawperator.operator.dev");
  });

  it("a missing explicit file is CONFIG_INVALID naming the path", async () => {
    const dir = await makeDir({ "clawperator.config.json": "{}" });
    const error = await caught(() => loadConfig({ cwd: dir, configPath: "nope.config.ts" }));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(join(dir, "nope.config.ts"));
    expect(error.message).toContain("not found");
  });
});

describe("a search remembered from before", () => {
  it.each(Object.keys(FORMS))("gives the same config the second time: %s", async (form) => {
    const { id, files } = FORMS[form]!;
    const dir = await makeDir(files);
    const first = await loadConfig({ cwd: dir });
    expect(await loadConfig({ cwd: dir })).toEqual(first);
    expect(first.deviceId).toBe(id);
  });

  it("notices a config created, a nearer one added, one removed, and a package.json gaining the key", async () => {
    const root = await makeDir({ "app/src/.keep": "", "app/package.json": '{ "name": "app" }' });
    const cwd = join(root, "app", "src");
    expect((await loadConfig({ cwd })).deviceId).toBeUndefined();
    expect((await loadConfig({ cwd })).deviceId).toBeUndefined();

    await writeFile(join(root, "clawperator.config.json"), '{ "deviceId": "root" }');
    expect((await loadConfig({ cwd })).deviceId).toBe("root");
    expect((await loadConfig({ cwd })).deviceId).toBe("root");

    await writeFile(join(root, "app", "package.json"), '{ "name": "app", "clawperator": { "deviceId": "pkg" } }');
    expect((await loadConfig({ cwd })).deviceId).toBe("pkg");

    await writeFile(join(cwd, ".clawperatorrc.yaml"), "deviceId: nearest\n");
    expect((await loadConfig({ cwd })).deviceId).toBe("nearest");

    await rm(join(cwd, ".clawperatorrc.yaml"));
    await writeFile(join(root, "app", "package.json"), '{ "name": "app" }');
    expect((await loadConfig({ cwd })).deviceId).toBe("root");
  });

  it("keeps the answer while other files come and go on the search path, and still sees a config among them", async () => {
    const root = await makeDir({ "app/src/.keep": "", "clawperator.config.json": '{ "deviceId": "root" }' });
    const cwd = join(root, "app", "src");
    expect((await loadConfig({ cwd })).deviceId).toBe("root");
    await writeFile(join(cwd, "screen.png"), "png");
    await writeFile(join(root, "app", "notes.txt"), "notes");
    expect((await loadConfig({ cwd })).deviceId).toBe("root");

    await writeFile(join(cwd, "screen-2.png"), "png");
    await writeFile(join(root, "app", "clawperator.config.json"), '{ "deviceId": "app" }');
    expect((await loadConfig({ cwd })).deviceId).toBe("app");

    // Another config beside the one found (an rc file comes first in the search order) is seen too.
    await writeFile(join(root, "app", ".clawperatorrc.yaml"), "deviceId: rc\n");
    expect((await loadConfig({ cwd })).deviceId).toBe("rc");
    await rm(join(root, "app", ".clawperatorrc.yaml"));
    await rm(join(root, "app", "clawperator.config.json"));
    expect((await loadConfig({ cwd })).deviceId).toBe("root");
  });

  it("reports a remembered TypeScript config that no longer compiles, naming the file", async () => {
    const dir = await makeDir({ "clawperator.config.ts": 'export default { deviceId: "ok" };\n' });
    expect((await loadConfig({ cwd: dir })).deviceId).toBe("ok");
    await writeFile(join(dir, "clawperator.config.ts"), "export default { deviceId: ;\n");
    const error = await caught(() => loadConfig({ cwd: dir }));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(join(dir, "clawperator.config.ts"));
  });
});
