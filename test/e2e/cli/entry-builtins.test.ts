import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs();
const RECORD = ["--require", join(REPO_ROOT, "test/fixtures/builtins-log/record.cjs")];
let home = "";
beforeAll(async () => {
  home = await makeDir();
  // The first call searches for a config (cosmiconfig loads node:crypto and node:fs/promises); later ones know.
  expect((await builtins(["--help"])).code).toBe(0);
});

/** The Node built-ins a CLI call loaded beyond a bare start (recorded in the CLI's own process). */
async function builtins(args: string[]): Promise<{ code: number; loaded: string[] }> {
  const log = join(home, `builtins-${args.join("-")}.txt`);
  const result = await runCli(args, {
    cwd: home,
    env: { HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator"), BUILTINS_LOG: log },
    nodeArgs: RECORD,
  });
  return { code: result.exitCode, loaded: readFileSync(log, "utf8").split("\n").filter(Boolean) };
}

// What every command's start-up would otherwise pay for on Node 20: loading an ES module (an ES module entry does,
// with fs/promises, readline and the streams; node:module alone loads only the loader's registry), node:child_process
// (only for `ps` without /proc), node:fs/promises (only when a screenshot is written), node:crypto (random bytes
// come from /dev/urandom).
const AVOIDABLE = [
  /^internal\/modules\/esm\/(module_job|translators)$/,
  /^child_process$/,
  /^fs\/promises$/,
  /^crypto$/,
];

describe("a command's start-up loads only the Node built-ins it uses", () => {
  it.each([["--help"], ["devices", "--help"], ["version"]])("`clawperator %s`", async (...args) => {
    const { code, loaded } = await builtins(args);
    expect(code).toBe(0);
    expect(loaded).toContain("vm"); // the chunk loader ran: the record is of a real start
    expect(loaded.filter((name) => AVOIDABLE.some((pattern) => pattern.test(name)))).toEqual([]);
  });
});
