import { existsSync } from "node:fs";
import { cp } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { execa } from "execa";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CLI_BIN, REPO_ROOT } from "../../helpers/cli-paths.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { running as alive } from "../../helpers/process-running.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { stdioClient, textOf } from "./mcp-client.ts";

// `clawperator mcp` with the warm runtime allowed, as MCP clients spawn it: the first session runs in its own
// process and starts a spare MCP server; the next session is served by that spare, which then exits with it.
const session = virtualSession();
const makeDir = tempDirs("clawperator-mcp-spare-");
const ON = { CLAWPERATOR_NO_DAEMON: "0" };
let serial = "";

interface Status {
  running: boolean;
  spare?: { pid: number; build: string; socket: string };
}
const status = async () => (await session.json<Status>(["daemon", "status"])).body;
/** Another process's state has no event to await here: it is looked at again until it holds (the test's timeout). */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
/**
 * `clawperator mcp` of the CLI at `bin`, as an MCP client spawns it (the runtime allowed), in the session's HOME and
 * adb server: stdin open for the test to write, unless `input` is all it gets.
 */
const mcpProcess = (bin: string, args: string[] = [], input?: string) => {
  const { home, env } = session.harness;
  return execa(process.execPath, [bin, "mcp", ...args], {
    cwd: home,
    env: { PATH: process.env.PATH!, TMPDIR: home, ...env, ...ON },
    extendEnv: false,
    reject: false,
    ...(input === undefined ? {} : { input }),
  });
};
/** Sends `initialize` and waits for the first answer: the session is being served. */
async function initialized(client: ReturnType<typeof mcpProcess>): Promise<void> {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
  };
  client.stdin!.write(`${JSON.stringify(initialize)}\n`);
  await new Promise<void>((resolve) => client.stdout!.once("data", () => resolve()));
}
const spareWaiting = () => until(async () => (await status()).spare?.pid);
const gone = (pid: number) => until(() => !alive(pid) || undefined);

beforeAll(async () => {
  serial = (await session.startDevice()).serial;
});
afterAll(async () => {
  const spare = (await status()).spare?.pid;
  await session.cli(["daemon", "stop"]);
  if (spare !== undefined) await gone(spare);
});

let first: { client: Client; pid: number } | undefined;

it("the first session is served in the client's own process and leaves a spare MCP server for the next", async () => {
  expect((await status()).spare).toBeUndefined();
  const { client, transport } = await stdioClient(session, ON);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain("clawperator_view");
  const spare = await spareWaiting();
  expect(spare).not.toBe(transport.pid);
  first = { client, pid: spare };
  // The CLI's own runtime is neither asked nor started by an MCP session.
  expect(existsSync(join(session.harness.home, ".clawperator", "run", "daemon.sock"))).toBe(false);
  expect((await status()).running).toBe(false);
});

it("the next session is served by that spare, which starts a new one once the session is up and exits with it", async () => {
  const spare = first!.pid;
  const { client } = await stdioClient(session, ON);
  // The next spare starts once this session is up (its client listed the tools), not during its start.
  expect((await status()).spare).toBeUndefined();
  await client.listTools();
  const view = (await client.callTool({ name: "clawperator_view", arguments: { deviceId: serial } })) as CallToolResult;
  expect(view.isError, textOf(view)).toBeFalsy();
  expect(textOf(view)).toContain("Settings");
  const bad = (await client.callTool({
    name: "clawperator_execute",
    arguments: { deviceId: serial, execution: { actions: "nope" } },
  })) as CallToolResult;
  expect(bad.isError).toBe(true);
  expect(textOf(bad)).toContain("EXECUTION_VALIDATION_FAILED");
  const devices = await client.readResource({ uri: "clawperator://devices" });
  expect(JSON.stringify(devices)).toContain(serial);
  // The spare serves this session (it is no longer the one waiting); a successor waits in its place.
  const successor = await spareWaiting();
  expect(successor).not.toBe(spare);
  expect(alive(spare)).toBe(true);
  await client.close();
  await gone(spare);
  await first!.client.close();
});

it("a session that ends at once exits 0 with nothing on stdout, as in process", async () => {
  const spare = await spareWaiting();
  const result = await session.cli(["mcp"], { input: "", env: ON });
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stdout).toBe("");
  await gone(spare);
});

it("SIGTERM to the client ends the session the spare serves, and the spare with it", async () => {
  const spare = await spareWaiting();
  // --verbose: the session's own log, which reaches the client's stderr as an in-process session's does.
  const client = mcpProcess(CLI_BIN, ["--verbose"]);
  await initialized(client);
  expect(alive(spare)).toBe(true);
  client.kill("SIGTERM");
  const result = await client;
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stderr).toContain("SIGTERM; closing the session");
  await gone(spare);
});

it("a spare that dies mid-session ends its client with exit 1, said on stderr, nothing but protocol on stdout", async () => {
  const spare = await spareWaiting();
  const client = mcpProcess(CLI_BIN);
  await initialized(client);
  process.kill(spare, "SIGKILL");
  const result = await client;
  expect(result.exitCode).toBe(1);
  expect(result.stderr).toContain("the spare MCP server serving this session ended");
  for (const line of result.stdout.split("\n").filter(Boolean)) expect(JSON.parse(line).jsonrpc).toBe("2.0");
  // The session never got up: the next client is served in its own process, which starts a spare again.
  await session.cli(["mcp"], { input: "", env: ON });
});

it("a spare of another build stops for a client of this one, which starts its own", async () => {
  const spare = await spareWaiting();
  const { build } = (await status()).spare!;
  // Another install of the CLI: the same code at another path and modification time is another build.
  const other = await makeDir();
  await cp(join(REPO_ROOT, "dist"), join(other, "dist"), { recursive: true });
  await cp(join(REPO_ROOT, "package.json"), join(other, "package.json"));
  const result = await mcpProcess(join(other, "dist", "cli", "bin.cjs"), [], "");
  expect(result.exitCode, result.stderr).toBe(0);
  await gone(spare);
  const next = await until(async () => {
    const waiting = (await status()).spare;
    return waiting && waiting.build !== build ? waiting : undefined;
  });
  expect(next.pid).not.toBe(spare);
});

it("`daemon status` shows the waiting spare and `daemon stop` stops it", async () => {
  const spare = await spareWaiting();
  const stopped = await session.json<{ stopped: boolean; spare?: { stopped: boolean; pid: number } }>([
    "daemon",
    "stop",
  ]);
  expect(stopped.body).toEqual({ stopped: false, spare: { stopped: true, pid: spare } });
  await gone(spare);
  expect((await status()).spare).toBeUndefined();
});
