import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/load-config.ts";
import { resolvePlugins } from "../../config/resolve-plugins.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { Transport } from "../../core/services/transport.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-plugins-");
const DEFINE_PLUGIN = JSON.stringify(new URL("../../core/kernel/define-plugin.ts", import.meta.url).pathname);

/** An ESM plugin module whose setup reports its name, so a test can tell which file was loaded. */
const pluginModule = (name: string) => `export default { name: ${JSON.stringify(name)}, setup() {} };\n`;

/** Loads the config at `configPath` (from an unrelated cwd) and resolves its plugins, as the CLI does. */
async function resolveFrom(configPath: string, cwd: string) {
  const config = await loadConfig({ cwd, configPath });
  const { entries, failures } = await resolvePlugins(config, cwd);
  expect(failures).toEqual([]);
  return entries;
}

/** The one failure of a config whose one plugin does not load. */
async function failureOf(configPath: string, cwd: string) {
  const config = await loadConfig({ cwd, configPath });
  const { entries, failures } = await resolvePlugins(config, cwd);
  expect(entries).toEqual([]);
  expect(failures).toHaveLength(1);
  return failures[0]!.error;
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
    expect(entry).toMatchObject({
      plugin: { name: "fake" },
      origin: "clawperator-plugin-fake",
      options: undefined,
      isolated: true,
    });
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
    expect(await resolvePlugins({ plugins: [], disablePlugins: [] }, "/")).toEqual({ entries: [], failures: [] });
  });

  it.each([
    ["exports nothing as default", "export const plugin = { name: 'x', setup() {} };\n"],
    ["default-exports something else", "export default function setup() {}\n"],
    ["default-exports an object without setup", "export default { name: 'x' };\n"],
  ])("a module that %s is a PLUGIN_INVALID failure", async (_, source) => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["./not-a-plugin.mjs"] }),
      "not-a-plugin.mjs": source,
    });
    const error = await failureOf(join(project, "clawperator.config.json"), project);
    expect(error.code).toBe("PLUGIN_INVALID");
    expect(error.message).toContain("./not-a-plugin.mjs");
    expect(error.message).toContain("definePlugin");
  });

  it("a package that is not installed: a failure whose hint names the folder to install it in, not a registry name", async () => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["clawperator-plugin-absent"] }),
    });
    const error = await failureOf(join(project, "clawperator.config.json"), project);
    expect(error).toMatchObject({ code: "PLUGIN_INVALID", details: { reason: "not_found" } });
    expect(error.message).toContain("clawperator-plugin-absent");
    expect(error.hint).toContain(`install it in ${project}`);
    expect(error.hint).not.toContain("npm install clawperator-plugin-absent");
  });

  it("a missing relative file is a failure naming the path and the folder it was resolved from", async () => {
    const project = await makeDir({ "config/clawperator.config.json": JSON.stringify({ plugins: ["./missing.ts"] }) });
    const error = await failureOf(join(project, "config/clawperator.config.json"), project);
    expect(error).toMatchObject({ code: "PLUGIN_INVALID", details: { reason: "not_found" } });
    expect(error.hint).toContain(join(project, "config/missing.ts"));
    expect(error.hint).toContain(join(project, "config"));
  });

  it("a plugin whose own import is missing is a load failure, not 'not installed'", async () => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["./needs-dep.mjs"] }),
      "needs-dep.mjs": `import "some-dependency-that-is-absent";\nexport default { name: "x", setup() {} };\n`,
    });
    const error = await failureOf(join(project, "clawperator.config.json"), project);
    expect(error).toMatchObject({ code: "PLUGIN_INVALID", details: { reason: "load_failed" } });
    expect(error.message).toContain("some-dependency-that-is-absent");
  });

  it("a plugin importing clawperator gets the running package, with no copy of it in the project", async () => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["./uses-self.ts"] }),
      "uses-self.ts": `import { ClawperatorError, definePlugin, Transport } from "clawperator";
import { defineConfig } from "clawperator/config";
export default { ...definePlugin({ name: "self", setup() {} }), probe: { ClawperatorError, Transport, defineConfig } };
`,
    });
    const [entry] = await resolveFrom(join(project, "clawperator.config.json"), project);
    const { probe } = entry!.plugin as unknown as {
      probe: { ClawperatorError: typeof ClawperatorError; Transport: symbol; defineConfig: unknown };
    };
    expect(probe.Transport).toBe(Transport);
    expect(new probe.ClawperatorError("USAGE", "x")).toBeInstanceOf(ClawperatorError);
    expect(typeof probe.defineConfig).toBe("function");
  });
});
