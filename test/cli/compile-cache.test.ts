import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileCacheDir } from "../../cli/compile-cache.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-compile-cache-");
const saved = process.env.CLAWPERATOR_HOME;
afterEach(() => {
  if (saved === undefined) delete process.env.CLAWPERATOR_HOME;
  else process.env.CLAWPERATOR_HOME = saved;
});

describe("Node's compile cache directory (Node >= 22.1)", () => {
  it("is a directory of the user's private cache, made 0700 down from the Clawperator home", async () => {
    const home = join(await makeDir(), "home");
    process.env.CLAWPERATOR_HOME = home;
    const dir = compileCacheDir();
    expect(dir).toBe(join(home, "cache", "node-compile"));
    for (const d of [home, join(home, "cache"), dir!]) expect(statSync(d).mode & 0o777).toBe(0o700);
  });

  it("is none when the cache cannot be made private (here: a file where its directory should be)", async () => {
    const home = join(await makeDir(), "home");
    mkdirSync(join(home, "cache"), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, "cache", "node-compile"), "not a directory");
    process.env.CLAWPERATOR_HOME = home;
    expect(compileCacheDir()).toBeUndefined();
  });
});
