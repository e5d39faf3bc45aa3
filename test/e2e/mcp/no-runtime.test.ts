import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort } from "../../helpers/free-port.ts";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-mcp-runtime-");
let env: Record<string, string>;
let home = "";

beforeAll(async () => {
  home = await makeDir();
  env = { HOME: home, TMPDIR: home, ANDROID_ADB_SERVER_PORT: String(await freePort()) };
});
afterAll(async () => {
  // Only a failing run leaves a runtime behind; it goes with its home.
  await runCli(["daemon", "stop"], { cwd: home, env: { ...env, CLAWPERATOR_NO_DAEMON: "1" } });
});

it("`clawperator mcp` neither starts nor asks the warm runtime: it always serves in its own process", async () => {
  // The runtime allowed, as an MCP client spawns the CLI; the session ends when stdin closes.
  const result = await runCli(["mcp"], { cwd: home, env: { ...env, CLAWPERATOR_NO_DAEMON: "0" }, input: "" });
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stdout).toBe("");
  expect(existsSync(join(home, ".clawperator", "run", "daemon.sock"))).toBe(false);
});
