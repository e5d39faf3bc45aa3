import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

// Where the config was found is remembered between calls (config/discovery-cache.ts): the answer must stay right
// while files land in the working directory, and a config that appears must be found at once. Whether a call
// searched again is a start-up figure, in bench/lazy-loads.mjs.
const makeDir = tempDirs();

let home = "";
let cwd = "";
beforeAll(async () => {
  home = await makeDir();
  cwd = join(home, "agent-work");
  mkdirSync(cwd);
});

/** Runs `clawperator devices --help` in the working directory. */
async function call(): Promise<{ code: number; output: string }> {
  const result = await runCli(["devices", "--help"], {
    cwd,
    env: { HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator") },
  });
  return { code: result.exitCode, output: result.stdout + result.stderr };
}

describe("the remembered config search", () => {
  it("stays right while screenshots land in the working directory, and sees a config added", async () => {
    expect((await call()).code).toBe(0);
    expect((await call()).code).toBe(0);

    writeFileSync(join(cwd, "screen-1.png"), "png");
    writeFileSync(join(home, "notes.txt"), "notes");
    expect((await call()).code).toBe(0);

    // A config appears: the next call finds it and judges it (this one is invalid on purpose).
    writeFileSync(join(cwd, ".clawperatorrc.json"), '{ "deviceId": 5 }');
    const withConfig = await call();
    expect(withConfig.code).not.toBe(0);
    expect(withConfig.output).toContain("CONFIG_INVALID");

    // Known now: another screenshot beside it does not hide it.
    writeFileSync(join(cwd, "screen-2.png"), "png");
    const again = await call();
    expect(again.code).not.toBe(0);
    expect(again.output).toContain(join(cwd, ".clawperatorrc.json"));

    // Gone again: the defaults.
    rmSync(join(cwd, ".clawperatorrc.json"));
    expect((await call()).code).toBe(0);
  });
});
