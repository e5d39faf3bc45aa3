import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-code-cache-e2e-");

/** The command folders of the code cache under `home`, each with its chunk files. */
function caches(home: string): Record<string, string[]> {
  const root = join(home, ".clawperator", "cache", "code");
  const out: Record<string, string[]> = {};
  for (const version of readdirSync(root))
    for (const build of readdirSync(join(root, version)))
      for (const command of readdirSync(join(root, version, build)))
        out[command] = readdirSync(join(root, version, build, command));
  return out;
}

describe("the CLI's code cache, through the real CLI", () => {
  it("is written after a successful call, privately, and the next call answers the same", async () => {
    const home = await makeDir();
    const run = (args: string[]) => runCli(args, { cwd: home, env: { HOME: home } });
    const first = await run(["version"]);
    expect(first.exitCode).toBe(0);
    const written = caches(home);
    expect(Object.keys(written)).toEqual(["version"]);
    expect(written.version).toContain("cli.js.bin");
    const root = join(home, ".clawperator", "cache", "code");
    expect(statSync(root).mode & 0o777).toBe(0o700);
    const second = await run(["version"]);
    expect(second).toMatchObject({ exitCode: 0, stdout: first.stdout, stderr: first.stderr });
  });

  it("keeps import() working in code run from the cache: a project's ES module config loads on every call", async () => {
    const home = await makeDir();
    const project = await makeDir({
      "clawperator.config.mjs": 'export default { disablePlugins: ["virtual"] };\n',
    });
    for (let call = 0; call < 3; call++) {
      const help = await runCli(["--help"], { cwd: project, env: { HOME: home } });
      expect(help, `call ${call}`).toMatchObject({ exitCode: 0, stderr: "" });
      expect(help.stdout).not.toMatch(/^\s+virtual\s/m);
    }
    expect(caches(home).other).toContain("cli.js.bin");
  });

  it("a corrupt cache file is refused and written anew, never crashes the call", async () => {
    const home = await makeDir();
    const run = () => runCli(["version"], { cwd: home, env: { HOME: home } });
    const first = await run();
    const root = join(home, ".clawperator", "cache", "code");
    const [version] = readdirSync(root);
    const [build] = readdirSync(join(root, version ?? ""));
    const file = join(root, version ?? "", build ?? "", "version", "cli.js.bin");
    const corrupt = readFileSync(file);
    for (let i = 200; i < corrupt.length; i += 997) corrupt.writeUInt8(corrupt.readUInt8(i) ^ 0x5a, i);
    writeFileSync(file, corrupt);
    expect(await run()).toMatchObject({ exitCode: 0, stdout: first.stdout, stderr: first.stderr });
    expect(readFileSync(file).equals(corrupt)).toBe(false);
    expect(await run()).toMatchObject({ exitCode: 0, stdout: first.stdout });
  });

  it("is not written by a call that failed", async () => {
    const home = await makeDir();
    const failed = await runCli(["no-such-command"], { cwd: home, env: { HOME: home } });
    expect(failed.exitCode).toBe(1);
    expect(() => caches(home)).toThrow();
  });
});
