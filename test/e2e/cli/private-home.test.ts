import { chmodSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliSandbox } from "../../helpers/run-cli.ts";
import { writeFiles } from "../../helpers/temp-dirs.ts";
import { tapExecution } from "./executions.ts";

// ~/.clawperator holds caches, locks and device records: 0700 directories, 0600 files.
const cli = cliSandbox();

function modes(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    out.push(`${(statSync(dir).mode & 0o777).toString(8)} ${dir}/`);
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(`${(statSync(path).mode & 0o777).toString(8)} ${path}`);
    }
  };
  walk(root);
  return out;
}

describe("the Clawperator home", () => {
  it("is created private: directories 0700, files 0600; a loose one found is tightened", async () => {
    await writeFiles(cli.project, {
      "clawperator.config.ts": 'const id: string = "ts";\nexport default { deviceId: id };\n',
    });
    const home = join(cli.project, "home");
    const run = () =>
      cli.run(["execute", "--validate-only", "--execution", JSON.stringify(tapExecution())], {
        env: { CLAWPERATOR_HOME: home },
      });
    expect((await run()).exitCode).toBe(0);
    const entries = modes(home);
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.filter((e) => !e.startsWith(e.endsWith("/") ? "700 " : "600 "))).toEqual([]);

    chmodSync(home, 0o755);
    mkdirSync(join(home, "cache", "config"), { recursive: true });
    chmodSync(join(home, "cache"), 0o777);
    expect((await run()).exitCode).toBe(0);
    expect(modes(home).filter((e) => !e.startsWith(e.endsWith("/") ? "700 " : "600 "))).toEqual([]);
  });
});
