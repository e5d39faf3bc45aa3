import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LOAD_LOGGER, loadedCliFiles } from "../../helpers/load-log.ts";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs();
let home = "";
beforeAll(async () => {
  home = await makeDir();
});

/** The bundle files Node loaded while running the CLI with `args` (recorded by loader hooks). */
async function loadedChunks(args: string[]): Promise<{ stdout: string; files: string[] }> {
  const log = join(home, `loads-${args.join("-")}.txt`);
  const result = await runCli(args, {
    cwd: home,
    env: { HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator"), LOAD_LOG: log },
    nodeArgs: LOAD_LOGGER,
  });
  return { stdout: result.stdout, files: loadedCliFiles(log) };
}

const contains = (files: string[], marker: RegExp) => files.filter((file) => marker.test(readFileSync(file, "utf8")));

describe("serve costs nothing until it runs", () => {
  it("`serve --help` shows its flags without loading h3, zod's JSON Schema or the route schemas", async () => {
    const { stdout, files } = await loadedChunks(["serve", "--help"]);
    expect(stdout).toContain("--token-file");
    expect(stdout).toContain("--allowed-hosts");
    expect(files.length).toBeGreaterThan(1);
    expect(contains(files, /EventStream\s*=\s*class\b|class EventStream\b/)).toEqual([]);
    expect(contains(files, /toJSONSchema/)).toEqual([]);
    expect(contains(files, /RunResultSchema/)).toEqual([]);
  });

  it("the markers are real: a server start loads h3", async () => {
    // `serve` with a bad port fails after loading the command's chunk, which imports h3.
    const log = await runCli(["serve", "--port", "nope"], {
      cwd: home,
      env: { HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator"), LOAD_LOG: join(home, "start.txt") },
      nodeArgs: LOAD_LOGGER,
    });
    expect(log.exitCode).toBe(1);
    const files = loadedCliFiles(join(home, "start.txt"));
    expect(contains(files, /EventStream\s*=\s*class\b|class EventStream\b/).length).toBeGreaterThan(0);
  });
});
