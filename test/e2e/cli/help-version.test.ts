import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { cliSandbox, json, STACK_FRAME } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import type { ErrorOutput } from "../../helpers/cli-output.ts";

const cli = cliSandbox();
const makeDir = tempDirs();
const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

describe("clawperator --help / --version", () => {
  it("--help lists the commands, execute among them, and exits 0", async () => {
    const result = await cli.run(["--help"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^\s+execute\s+Run an execution payload/m);
    expect(result.stdout).toContain("GLOBAL OPTIONS");
    expect(result.stdout).toContain(`v${version}`);
    // piped output carries no terminal colour codes
    expect(result.stdout).not.toContain("\u001B[");
  });

  it("-h is --help, and help for a group lists its subcommands", async () => {
    expect((await cli.run(["-h"])).stdout).toMatch(/^\s+execute\s/m);
    const observe = await cli.run(["observe", "--help"]);
    expect(observe.exitCode).toBe(0);
    expect(observe.stdout).toMatch(/^\s+snapshot\s/m);
    expect(observe.stdout).toMatch(/^\s+screenshot\s/m);
  });

  it("aliases run but stay out of the listing", async () => {
    const result = await cli.run(["--help"]);
    expect(result.stdout).not.toMatch(/^\s+exec\s/m);
  });

  it("a command's --help shows its own flags", async () => {
    const result = await cli.run(["execute", "--help"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("--validate-only");
    expect(result.stdout).toContain("--execution");
  });

  it("--version prints package.json's version and nothing else", async () => {
    const result = await cli.run(["--version"]);
    expect(result).toMatchObject({ exitCode: 0, stdout: version, stderr: "" });
  });

  it("--version among other global flags still prints the version", async () => {
    const result = await cli.run(["--verbose", "--version"]);
    expect(result).toMatchObject({ exitCode: 0, stdout: version });
  });
});

describe("usage errors", () => {
  it("a misspelt command is USAGE, exit 1, suggesting the nearest command", async () => {
    const result = await cli.run(["exeute"]);
    expect(result.exitCode).toBe(1);
    const error = json<ErrorOutput>(result);
    expect(error).toMatchObject({ code: "USAGE", details: { command: "exeute", suggestion: "execute" } });
    expect(error.message).toContain('did you mean "execute"?');
  });

  it("a misspelt subcommand suggests the full path", async () => {
    const result = await cli.run(["observe", "snapshto"]);
    expect(result.exitCode).toBe(1);
    expect(json<ErrorOutput>(result).message).toContain('did you mean "observe snapshot"?');
  });

  it("an unknown flag is USAGE suggesting the nearest of the command's flags", async () => {
    const result = await cli.run(["execute", "--validate-onyl", "--execution", "{}"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({
      code: "USAGE",
      details: { option: "--validate-onyl", suggestion: "--validate-only" },
    });
  });

  it("an unknown flag close to a global flag suggests the global flag", async () => {
    const result = await cli.run(["execute", "--devce-id", "x", "--validate-only", "--execution", "{}"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "USAGE", details: { suggestion: "--device-id" } });
  });

  it("a global flag without its value is USAGE", async () => {
    const result = await cli.run(["execute", "--device-id"]);
    expect(result.exitCode).toBe(1);
    expect(json(result)).toMatchObject({ code: "USAGE" });
    expect(json<ErrorOutput>(result).message).toContain("--device-id");
  });

  it("usage errors in pretty mode are readable text where every answer goes (stdout), without a stack", async () => {
    const result = await cli.run(["exeute", "--output", "pretty"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^error USAGE: unknown command "exeute"/);
    expect(result.stdout).not.toMatch(STACK_FRAME);
  });

  it("CLAWPERATOR_OUTPUT=pretty and a config's output: pretty choose pretty output; --output and --json still win", async () => {
    const devices = await cli.run(["version"], { env: { CLAWPERATOR_OUTPUT: "pretty" } });
    expect(devices.exitCode).toBe(0);
    expect(devices.stdout.trimStart()).not.toMatch(/^[[{]/);
    expect(
      JSON.parse((await cli.run(["version", "--json"], { env: { CLAWPERATOR_OUTPUT: "pretty" } })).stdout),
    ).toHaveProperty("version");
    const bad = await cli.run(["version"], { env: { CLAWPERATOR_OUTPUT: "yaml" } });
    expect(bad.exitCode).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      code: "USAGE",
      message: expect.stringContaining("CLAWPERATOR_OUTPUT"),
    });
    const project = await makeDir({ "clawperator.config.json": JSON.stringify({ output: "pretty" }) });
    const configured = await cli.run(["version"], { cwd: project });
    expect(configured.stdout.trimStart()).not.toMatch(/^[[{]/);
    expect(JSON.parse((await cli.run(["version", "--output", "json"], { cwd: project })).stdout)).toHaveProperty(
      "version",
    );
  });
});

describe("lazy command loading", () => {
  let project = "";
  const marker = () => join(project, "command-loaded.marker");

  beforeAll(async () => {
    // The command module records that it was imported; the plugin itself only declares the command.
    project = await makeDir({
      "clawperator.config.json": JSON.stringify({ plugins: ["./marker-plugin.mjs"] }),
      "marker-plugin.mjs": `export default {
  name: "marker",
  setup(ctx) {
    ctx.commands.add({ path: ["mark"], description: "Writes the marker when loaded", load: () => import("./mark-command.mjs") });
  },
};
`,
      "mark-command.mjs": `import { writeFileSync } from "node:fs";
writeFileSync(new URL("./command-loaded.marker", import.meta.url), "loaded");
export default { run: () => ({ ok: true, marked: true }) };
`,
    });
  });

  it("--help, a command's --help and --version list the command without importing it; running it does", async () => {
    const help = await cli.run(["--help"], { cwd: project });
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^\s+mark\s+Writes the marker when loaded/m);
    expect((await cli.run(["mark", "--help"], { cwd: project })).exitCode).toBe(0);
    expect((await cli.run(["--version"], { cwd: project })).exitCode).toBe(0);
    expect(existsSync(marker())).toBe(false);

    const run = await cli.run(["mark"], { cwd: project });
    expect(run.exitCode).toBe(0);
    expect(json(run)).toEqual({ ok: true, marked: true });
    expect(existsSync(marker())).toBe(true);
  });
});
