import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LOAD_LOGGER, loadedCliFiles } from "../../helpers/load-log.ts";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs();
/** A message only cosmiconfig's code holds: the chunk that has it is cosmiconfig's. */
const COSMICONFIG = /Self-import detected/;

let home = "";
let cwd = "";
let calls = 0;
beforeAll(async () => {
  home = await makeDir();
  cwd = join(home, "agent-work");
  mkdirSync(cwd);
});

/**
 * Runs `clawperator devices --help` in the working directory: how it ended, and whether it loaded cosmiconfig
 * (which a search needs; loading a JSON config found before does too).
 */
async function call(): Promise<{ searched: boolean; code: number; stdout: string }> {
  const log = join(home, `loads-${++calls}.txt`);
  const result = await runCli(["devices", "--help"], {
    cwd,
    env: { HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator"), CLAWPERATOR_NO_DAEMON: "1", LOAD_LOG: log },
    nodeArgs: LOAD_LOGGER,
  });
  const searched = loadedCliFiles(log).some((file) => COSMICONFIG.test(readFileSync(file, "utf8")));
  return { searched, code: result.exitCode, stdout: result.stdout + result.stderr };
}

describe("the config search is not run again for files that cannot be a config", () => {
  it("searches once, keeps the answer while screenshots land in the working directory, sees a config added", async () => {
    expect((await call()).searched).toBe(true);
    expect((await call()).searched).toBe(false);

    writeFileSync(join(cwd, "screen-1.png"), "png");
    writeFileSync(join(home, "notes.txt"), "notes");
    const afterFiles = await call();
    expect(afterFiles).toMatchObject({ searched: false, code: 0 });

    // A config appears: the next call searches, finds it and judges it (this one is invalid on purpose).
    writeFileSync(join(cwd, ".clawperatorrc.json"), '{ "deviceId": 5 }');
    const withConfig = await call();
    expect(withConfig.searched).toBe(true);
    expect(withConfig.code).not.toBe(0);
    expect(withConfig.stdout).toContain("CONFIG_INVALID");

    // Known now: another screenshot beside it does not hide it.
    writeFileSync(join(cwd, "screen-2.png"), "png");
    const again = await call();
    expect(again.code).not.toBe(0);
    expect(again.stdout).toContain(join(cwd, ".clawperatorrc.json"));
  });
});
