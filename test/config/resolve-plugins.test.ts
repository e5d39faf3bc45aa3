import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/load-config.ts";
import { resolvePlugins } from "../../config/resolve-plugins.ts";
import { caught } from "../helpers/caught.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-plugins-");
const DEFINE_PLUGIN = JSON.stringify(new URL("../../core/kernel/define-plugin.ts", import.meta.url).pathname);

/** An ESM plugin module whose setup reports its name, so a test can tell which file was loaded. */
const pluginModule = (name: string) => `export default { name: ${JSON.stringify(name)}, setup() {} };\n`;

/** Loads the config at `configPath` (from an unrelated cwd) and resolves its plugins, as the CLI does. */
async function resolveFrom(configPath: string, cwd: string) {
  const config = await loadConfig({ cwd, configPath });
  return resolvePlugins(config, cwd);
}

describe("resolvePlugins", () => {
  it("resolves package names from the config file's folder, not the working directory", async () => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["clawperator-plugin-fake"] }),
      "node_modules/clawperator-plugin-fake/package.json": JSON.stringify({
        name: "clawperator-plugin-fake",
        type: "module",
        main: "index.js",
      }),
      "node_modules/clawperator-plugin-fake/index.js": pluginModule("fake"),
    });
    const elsewhere = await makeDir();
    const [entry, ...rest] = await resolveFrom(join(project, "clawperator.config.json"), elsewhere);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ plugin: { name: "fake" }, origin: "clawperator-plugin-fake", options: undefined });
  });

  it("resolves relative paths from the config file, TypeScript included", async () => {
    const project = await makeDir({
      "config/clawperator.config.json": JSON.stringify({ plugins: ["../plugins/local.ts", "./beside.mjs"] }),
      "plugins/local.ts": `import { definePlugin } from ${DEFINE_PLUGIN};
const name: string = "local";
export default definePlugin({ name, setup() {} });
`,
      "config/beside.mjs": pluginModule("beside"),
    });
    const entries = await resolveFrom(join(project, "config/clawperator.config.json"), await makeDir());
    expect(entries.map((e) => [e.plugin.name, e.origin])).toEqual([
      ["local", "../plugins/local.ts"],
      ["beside", "./beside.mjs"],
    ]);
  });

  it("[name, options] passes the options through unvalidated", async () => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({
        plugins: [["./hello.mjs", { greeting: "Hi", times: 2 }], "./hello.mjs"],
      }),
      "hello.mjs": pluginModule("hello"),
    });
    const entries = await resolveFrom(join(project, "clawperator.config.json"), project);
    expect(entries.map((e) => e.options)).toEqual([{ greeting: "Hi", times: 2 }, undefined]);
  });

  it("keeps inline plugin objects from a code config, with the config file as origin", async () => {
    const project = await makeDir({
      "clawperator.config.ts": `import { definePlugin } from ${DEFINE_PLUGIN};
export default { plugins: [definePlugin({ name: "inline", setup() {} })] };
`,
    });
    const [entry] = await resolveFrom(join(project, "clawperator.config.ts"), project);
    expect(entry).toMatchObject({ plugin: { name: "inline" }, origin: join(project, "clawperator.config.ts") });
  });

  it("a config without plugins resolves to none", async () => {
    expect(await resolvePlugins({ plugins: [], disablePlugins: [] }, "/")).toEqual([]);
  });

  it.each([
    ["exports nothing as default", "export const plugin = { name: 'x', setup() {} };\n"],
    ["default-exports something else", "export default function setup() {}\n"],
    ["default-exports an object without setup", "export default { name: 'x' };\n"],
  ])("a module that %s is PLUGIN_INVALID", async (_, source) => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["./not-a-plugin.mjs"] }),
      "not-a-plugin.mjs": source,
    });
    const error = await caught(() => resolveFrom(join(project, "clawperator.config.json"), project));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("./not-a-plugin.mjs");
    expect(error.message).toContain("definePlugin");
  });

  it("a package that is not installed is PLUGIN_INVALID with an install hint", async () => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["clawperator-plugin-absent"] }),
    });
    const error = await caught(() => resolveFrom(join(project, "clawperator.config.json"), project));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("clawperator-plugin-absent");
    expect(error.hint).toContain("npm install clawperator-plugin-absent");
  });

  it("a missing relative file is PLUGIN_INVALID naming the folder it was resolved from", async () => {
    const project = await makeDir({ "config/clawperator.config.json": JSON.stringify({ plugins: ["./missing.ts"] }) });
    const error = await caught(() => resolveFrom(join(project, "config/clawperator.config.json"), project));
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.hint).toContain(join(project, "config"));
  });
});
