// What a session served by a spare MCP server costs per call against one served in the client's own process
// (issue 25): the spare's answers pass through the `clawperator mcp` client process, one more hop each way. Round
// trips alternate (in process, spare, in process, ...) on one virtual device; then the CPU each process spends per
// tools/list (/proc/<pid>/stat, 10 ms ticks summed over the calls).
// Run: npm run build && node bench/mcp-spare.mjs   (ROUNDS=201 by default; prints a markdown table)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { median } from "./median.mjs";
import { bin, privateAdb } from "./private-adb.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 201);
const host = await privateAdb({ prefix: "clawperator-bench-mcp-spare-" });
const { serial } = host.startDevice();
const cli = (args) => JSON.parse(execFileSync(process.execPath, [bin, ...args], { encoding: "utf8" }));

const connect = async (env = {}) => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, "mcp"],
    env: { ...process.env, ...env },
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(transport);
  return { client, pid: transport.pid };
};
/** CPU time (user + system) a process has used, in ms. */
const cpu = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

try {
  const inProcess = await connect({ CLAWPERATOR_NO_DAEMON: "1" });
  // A session with the runtime allowed starts a spare once it has listed the tools; the next one is served by it.
  const first = await connect();
  await first.client.listTools();
  await first.client.close();
  const waiting = () => cli(["daemon", "status"]).spare;
  let spare = waiting();
  while (!spare) spare = waiting();
  const served = await connect();
  const calls = {
    snapshot: (c) => c.callTool({ name: "clawperator_snapshot", arguments: { deviceId: serial } }),
    view: (c) => c.callTool({ name: "clawperator_view", arguments: { deviceId: serial } }),
    "prompts/get": (c) => c.getPrompt({ name: "operate-android" }),
    "tools/list (~60 KB)": (c) => c.request({ method: "tools/list" }, ListToolsResultSchema),
  };
  const times = Object.fromEntries(Object.keys(calls).map((name) => [name, { in: [], spare: [] }]));
  for (let i = -1; i < ROUNDS; i++) {
    for (const [name, call] of Object.entries(calls)) {
      for (const [where, { client }] of [
        ["in", inProcess],
        ["spare", served],
      ]) {
        const start = performance.now();
        await call(client);
        if (i >= 0) times[name][where].push(performance.now() - start);
      }
    }
  }
  const list = calls["tools/list (~60 KB)"];
  const perCall = async (client, pids) => {
    const before = pids.map(cpu);
    for (let i = 0; i < ROUNDS; i++) await list(client);
    return pids.map((pid, n) => ((cpu(pid) - before[n]) / ROUNDS).toFixed(2));
  };
  const [server] = await perCall(inProcess.client, [inProcess.pid]);
  const [proxy, spareCpu] = await perCall(served.client, [served.pid, spare.pid]);
  await Promise.all([inProcess.client.close(), served.client.close()]);

  console.log("| round trip (median ms) | served in process | served by a spare | difference |");
  console.log("|---|---|---|---|");
  for (const [name, { in: a, spare: b }] of Object.entries(times))
    console.log(
      `| ${name} | ${median(a).toFixed(2)} | ${median(b).toFixed(2)} | ${(median(b) - median(a)).toFixed(2)} |`,
    );
  console.log(
    `\nCPU per tools/list (ms): the in-process server ${server}; through a spare, the client process ${proxy} and the spare ${spareCpu}.`,
  );
} finally {
  cli(["daemon", "stop"]);
  execFileSync(process.execPath, [bin, "virtual", "stop", "--all"], { stdio: "ignore" });
  host.close();
}
