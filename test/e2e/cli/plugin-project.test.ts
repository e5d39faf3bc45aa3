import { cp, mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import type { ErrorOutput } from "../../helpers/cli-output.ts";
import { cliSandbox, json, STACK_FRAME } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const cli = cliSandbox();
const makeDir = tempDirs();

/**
 * A user's project with the example plugin installed like a real package: the plugin copied into node_modules and
 * its peer dependencies zod and h3 linked to the repository's copies. No `clawperator` in the project: the plugin's
 * and the config's imports of it resolve to the CLI that runs them, as with a globally installed CLI.
 */
async function projectWithHelloPlugin(config: string): Promise<string> {
  const project = await makeDir({ "clawperator.config.ts": config });
  const modules = join(project, "node_modules");
  await mkdir(modules);
  await cp(join(REPO_ROOT, "examples/hello-plugin"), join(modules, "clawperator-plugin-hello"), { recursive: true });
  for (const peer of ["zod", "h3"]) await symlink(join(REPO_ROOT, "node_modules", peer), join(modules, peer), "dir");
  await mkdir(join(project, "src/screens"), { recursive: true });
  return project;
}

const VALID_EXECUTION = JSON.stringify({
  commandId: "c1",
  taskId: "t1",
  source: "test",
  expectedFormat: "android-ui-automator",
  timeoutMs: 5000,
  actions: [{ id: "a1", type: "snapshot_ui" }],
});

const helloConfig = (extra = "") => `import { defineConfig } from "clawperator/config";

export default defineConfig({
  plugins: [["clawperator-plugin-hello", { greeting: "Hi" }]],${extra}
});
`;

describe("a project whose config names the example plugin", () => {
  let project = "";
  beforeAll(async () => {
    project = await projectWithHelloPlugin(helloConfig());
  });

  it("--help lists the plugin's command beside the built-in ones", async () => {
    const result = await cli.run(["--help"], { cwd: project });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^\s+hello\s+Greet someone/m);
    expect(result.stdout).toMatch(/^\s+execute\s/m);
  });

  it("runs the plugin's command with the configured option applied", async () => {
    const result = await cli.run(["hello", "Ana"], { cwd: project });
    expect(result.exitCode).toBe(0);
    expect(json(result)).toEqual({ ok: true, greeting: "Hi, Ana!" });
  });

  it("finds the config from a nested subdirectory", async () => {
    const result = await cli.run(["hello", "Ana", "--output", "pretty"], { cwd: join(project, "src/screens") });
    expect(result).toMatchObject({ exitCode: 0, stdout: "Hi, Ana!" });
  });

  it("--config points at the project from anywhere", async () => {
    const result = await cli.run(["--config", join(project, "clawperator.config.ts"), "hello"], { cwd: cli.project });
    expect(result.exitCode).toBe(0);
    expect(json(result)).toEqual({ ok: true, greeting: "Hi, world!" });
  });

  it("typed flags reach the command", async () => {
    const result = await cli.run(["hello", "Ana", "--shout"], { cwd: project });
    expect(json(result)).toEqual({ ok: true, greeting: "HI, ANA!" });
  });

  it("an option the plugin's schema refuses: its command is CONFIG_INVALID naming the option; other commands run", async () => {
    const bad = await projectWithHelloPlugin(`import { defineConfig } from "clawperator/config";

export default defineConfig({ plugins: [["clawperator-plugin-hello", { greeting: 42 }]] });
`);
    const hello = await cli.run(["hello"], { cwd: bad });
    expect(hello.exitCode).toBe(1);
    expect(hello.stderr).not.toMatch(STACK_FRAME);
    const error = json<ErrorOutput>(hello);
    expect(error).toMatchObject({
      code: "CONFIG_INVALID",
      details: { plugin: "hello", command: "hello", issues: [{ path: "greeting" }] },
    });
    expect(error.message).toMatch(/^plugin hello failed to load: invalid options: option "greeting": /);

    const validate = await cli.run(["execute", "--validate-only", "--execution", VALID_EXECUTION], { cwd: bad });
    expect(validate.exitCode).toBe(0);
    expect(validate.stderr).toMatch(/^\[warn\] \[plugin:hello\] invalid options: option "greeting"/m);
  });

  it("outside the project the plugin's command does not exist", async () => {
    const result = await cli.run(["hello", "Ana"], { cwd: cli.project });
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "USAGE", details: { command: "hello" } });
  });
});

describe("config effects on the command set", () => {
  it("disabling a plugin another one depends on fails boot naming both", async () => {
    const project = await projectWithHelloPlugin(helloConfig('\n  disablePlugins: ["operator"],'));
    const help = await cli.run(["--help"], { cwd: project });
    expect(help.exitCode).toBe(1);
    expect(json(help)).toMatchObject({ code: "PLUGIN_INVALID", details: { plugin: "virtual", missing: "operator" } });
  });

  it('disablePlugins: ["operator", "virtual"] removes execute', async () => {
    const project = await projectWithHelloPlugin(helloConfig('\n  disablePlugins: ["operator", "virtual"],'));
    const help = await cli.run(["--help"], { cwd: project });
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^\s+hello\s/m);
    expect(help.stdout).not.toMatch(/^\s+execute\s/m);
    const execute = await cli.run(["execute", "--validate-only", "--execution", "{}"], { cwd: project });
    expect(execute.exitCode).toBe(1);
    expect(json(execute)).toMatchObject({ code: "USAGE", details: { command: "execute" } });
  });

  it("an invalid config is CONFIG_INVALID, exit 1, naming the file and the key, for any command", async () => {
    const project = await makeDir({ "clawperator.config.json": JSON.stringify({ serve: { port: "eighty" } }) });
    for (const args of [["--help"], ["execute", "--validate-only", "--execution", "{}"]]) {
      const result = await cli.run(args, { cwd: project });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).not.toMatch(STACK_FRAME);
      const error = json<ErrorOutput>(result);
      expect(error.code).toBe("CONFIG_INVALID");
      expect(error.message).toContain(join(project, "clawperator.config.json"));
      expect(error.message).toContain("serve.port");
    }
  });

  it("an error a plugin throws with the package's ClawperatorError keeps its code (not INTERNAL_ERROR)", async () => {
    const project = await projectWithHelloPlugin(`import { defineConfig } from "clawperator/config";
import { ClawperatorError, definePlugin } from "clawperator";

const failing = definePlugin({
  name: "failing",
  setup(ctx) {
    ctx.commands.add({
      path: ["fail"],
      description: "Always fails",
      load: async () => ({ default: { run() { throw new ClawperatorError("DEVICE_NOT_FOUND", "no such phone", { details: { deviceId: "x" } }); } } }),
    });
  },
});

export default defineConfig({ plugins: [failing] });
`);
    const result = await cli.run(["fail"], { cwd: project });
    expect(result.exitCode).toBe(1);
    // Attributed to the plugin and the command that threw it, as every contribution's failure is.
    expect(json(result)).toEqual({
      code: "DEVICE_NOT_FOUND",
      message: "no such phone",
      details: { deviceId: "x", plugin: "failing", command: "fail" },
    });
  });

  it.each([
    [
      "clawperator.config.mjs",
      'import { defineConfig } from "clawperator/config";\nexport default defineConfig({ disablePlugins: ["virtual"] });\n',
    ],
    [
      "clawperator.config.cjs",
      'const { defineConfig } = require("clawperator/config");\nmodule.exports = defineConfig({ disablePlugins: ["virtual"] });\n',
    ],
  ])("%s importing clawperator/config works with no copy of clawperator in the project", async (name, source) => {
    const project = await makeDir({ [name]: source });
    const help = await cli.run(["--help"], { cwd: project });
    expect(help).toMatchObject({ exitCode: 0, stderr: "" });
    expect(help.stdout).toMatch(/^\s+doctor\s/m);
    expect(help.stdout).not.toMatch(/^\s+virtual\s/m);
  });

  it("a plugin that cannot be found does not take the CLI down: --help works and warns once", async () => {
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["clawperator-plugin-missing"] }),
    });
    const result = await cli.run(["--help"], { cwd: project });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^\s+doctor\s/m);
    expect(result.stderr.match(/\[warn\]/g)).toHaveLength(1);
    expect(result.stderr).toContain("[plugin:clawperator-plugin-missing] could not be loaded");
  });
});
