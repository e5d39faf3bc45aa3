import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readToken, runtimeDir, tokenPath } from "../../core/daemon/paths.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-daemon-token-");

async function home(): Promise<NodeJS.ProcessEnv> {
  const env = { CLAWPERATOR_HOME: await makeDir() };
  mkdirSync(runtimeDir(env), { mode: 0o700 });
  writeFileSync(tokenPath(env), "a".repeat(64), { mode: 0o600 });
  return env;
}

describe.skipIf(process.getuid === undefined)("the warm runtime's token, as a client reads it", () => {
  it("is read from a 0600 file in a 0700 directory of this user", async () => {
    expect(readToken(await home())).toBe("a".repeat(64));
  });

  it("is not trusted when another user could read or replace it", async () => {
    const readable = await home();
    chmodSync(tokenPath(readable), 0o644);
    expect(readToken(readable)).toBeUndefined();
    const openDir = await home();
    chmodSync(runtimeDir(openDir), 0o755);
    expect(readToken(openDir)).toBeUndefined();
  });

  it("is absent when there is no file, or the path names a directory", async () => {
    expect(readToken({ CLAWPERATOR_HOME: join(await makeDir(), "none") })).toBeUndefined();
    const env = { CLAWPERATOR_HOME: await makeDir() };
    mkdirSync(tokenPath(env), { recursive: true, mode: 0o700 });
    chmodSync(runtimeDir(env), 0o700);
    expect(readToken(env)).toBeUndefined();
  });
});
