import { expect, it } from "vitest";
import { running } from "../../helpers/process-running.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

// `clawperator mcp` as MCP clients spawn it: one process per session, which serves the session and ends with it.
const session = virtualSession();

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
});

/** `clawperator mcp [args]` with stdin open, once it has answered `initialize`: what it printed so far. */
async function initialized(args: string[] = []) {
  const child = session.spawn(["mcp", ...args], { stdin: "pipe" });
  let stdout = "";
  const answered = new Promise<void>((resolve) =>
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("\n")) resolve();
    }),
  );
  child.stdin!.write(`${INITIALIZE}\n`);
  await answered;
  return { child, stdout: () => stdout };
}

it("a session that ends at once exits 0 with nothing on stdout", async () => {
  const result = await session.cli(["mcp"], { input: "" });
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stdout).toBe("");
});

it("closing stdin ends the session: exit 0, only protocol messages on stdout, the process gone", async () => {
  const { child, stdout } = await initialized();
  child.stdin!.end();
  const result = await child;
  expect(result.exitCode, String(result.stderr)).toBe(0);
  expect(JSON.parse(stdout().trim())).toMatchObject({
    jsonrpc: "2.0",
    id: 1,
    result: { serverInfo: { name: "clawperator" } },
  });
  expect(running(child.pid!)).toBe(false);
});

it("SIGTERM ends the session cleanly and says so on stderr", async () => {
  // --verbose: the session's own log.
  const { child, stdout } = await initialized(["--verbose"]);
  child.kill("SIGTERM");
  const result = await child;
  expect(result.exitCode, String(result.stderr)).toBe(0);
  expect(String(result.stderr)).toContain("SIGTERM; closing the session");
  expect(stdout().trim().split("\n")).toHaveLength(1);
});
