// The MCP server's costs (issue 25): the overhead of a tool call over stdio against the programmatic API for the
// same snapshot, and the cold start of `clawperator mcp` to a served tools/list against `--version`.
// Run: npm run build && node bench/mcp.mjs   (prints a markdown table for bench/RESULTS.md)
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { medianMs } from "./median.mjs";
import { bin, privateAdb, root } from "./private-adb.mjs";

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const CALLS = 41;

const host = await privateAdb({ prefix: "clawperator-bench-mcp-" });
const { serial } = host.startDevice();
try {
  // The programmatic API: one runtime, snapshots of the same device.
  const { createClawperator } = await import(join(root, "dist/index.js"));
  const claw = await createClawperator();
  const api = [];
  await claw.snapshot({ deviceId: serial });
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await claw.snapshot({ deviceId: serial });
    api.push(performance.now() - start);
  }
  await claw.close();

  const connect = async () => {
    const client = new Client({ name: "bench", version: "1.0.0" });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, "mcp"],
      env: { ...process.env },
      stderr: "ignore",
    });
    await client.connect(transport);
    return client;
  };

  // The same snapshot as an MCP tool call over stdio.
  const client = await connect();
  const mcp = [];
  await client.callTool({ name: "clawperator_snapshot", arguments: { deviceId: serial } });
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await client.callTool({ name: "clawperator_snapshot", arguments: { deviceId: serial } });
    mcp.push(performance.now() - start);
  }
  await client.close();

  // Cold start: spawn, initialize, tools/list answered; against the CLI's `--version`.
  const cold = [];
  for (let i = 0; i < 9; i++) {
    const start = performance.now();
    const fresh = await connect();
    await fresh.listTools();
    cold.push(performance.now() - start);
    await fresh.close();
  }
  const version = medianMs(9, process.execPath, [bin, "--version"]);

  const [a, m, c] = [median(api), median(mcp), median(cold)];
  console.log("| measure | median ms | target | |");
  console.log("|---|---|---|---|");
  console.log(`| snapshot, programmatic API (${CALLS} calls) | ${a.toFixed(2)} | | |`);
  console.log(`| clawperator_snapshot over stdio, SDK Client (${CALLS} calls) | ${m.toFixed(2)} | | |`);
  console.log(
    `| overhead of the MCP call (difference of medians) | ${(m - a).toFixed(2)} | ≤ 2 ms | ${m - a <= 2 ? "met" : "**missed**"} |`,
  );
  console.log(
    `| mobile-mcp 1.0.4 \`mobile_list_elements_on_screen\` (issue's figure) ÷ ours | ${(85 / m).toFixed(1)}× | ≥ 20× | ${85 / m >= 20 ? "met" : "**missed**"} |`,
  );
  console.log(`| \`clawperator --version\` | ${version.toFixed(1)} | | |`);
  console.log(
    `| cold start: spawn \`clawperator mcp\` to tools/list answered | ${c.toFixed(1)} | ≤ 1.5× --version (${(1.5 * version).toFixed(1)}) | ${c <= 1.5 * version ? "met" : "**missed**"} |`,
  );
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", "--all"], { stdio: "ignore" });
  host.close();
}
