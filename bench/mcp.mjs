// The MCP server's costs: the overhead of a tool call over stdio against the programmatic API for the same call
// (the full snapshot and the agent view), and the view tool against mobile-mcp's element list on the same device.
// Calls alternate (A, B, A, B), so the ratios compare the same minutes. A session's start is in bench/startup.mjs.
// Run: npm run build && node bench/mcp.mjs   (prints a markdown table for bench/RESULTS.md)
// With MOBILE_MCP=<path to @mobilenext/mobile-mcp's lib/index.js> (installed outside the project, e.g.
// `npm install --prefix /tmp/mm @mobilenext/mobile-mcp@1.0.4`), its `mobile_list_elements_on_screen` runs on the
// same virtual device and adb server (its adb robot: MOBILEMCP_LEGACY_ROBOT=1; telemetry off).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { bin, privateAdb, root } from "./private-adb.mjs";
import { median } from "./median.mjs";

const CALLS = Number(process.env.CALLS ?? 41);

const host = await privateAdb({ prefix: "clawperator-bench-mcp-" });
const { serial } = host.startDevice();

const connect = async (command, args, env = {}) => {
  const client = new Client({ name: "bench", version: "1.0.0" });
  const transport = new StdioClientTransport({ command, args, env: { ...process.env, ...env }, stderr: "ignore" });
  await client.connect(transport);
  return client;
};

/** Runs each `(name → call)` alternately CALLS times after one warm-up each; the median ms of each. */
async function alternate(calls) {
  const times = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
  for (const call of Object.values(calls)) await call();
  for (let i = 0; i < CALLS; i++) {
    for (const [name, call] of Object.entries(calls)) {
      const start = performance.now();
      await call();
      times[name].push(performance.now() - start);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));
}

try {
  const { createClawperator } = await import(join(root, "dist/index.js"));
  const claw = await createClawperator();
  const ours = await connect(process.execPath, [bin, "mcp"]);
  const tool = (client, name) => () => client.callTool({ name, arguments: { deviceId: serial } });
  const calls = {
    apiSnapshot: () => claw.snapshot({ deviceId: serial }),
    mcpSnapshot: tool(ours, "clawperator_snapshot"),
    apiView: () => claw.view({ deviceId: serial }),
    mcpView: tool(ours, "clawperator_view"),
  };
  let peer;
  if (process.env.MOBILE_MCP) {
    peer = await connect(process.execPath, [process.env.MOBILE_MCP], {
      MOBILEMCP_LEGACY_ROBOT: "1",
      MOBILEMCP_DISABLE_TELEMETRY: "1",
      ANDROID_HOME: process.env.ANDROID_HOME ?? "/usr/lib/android-sdk",
    });
    const listed = await peer.callTool({ name: "mobile_list_elements_on_screen", arguments: { device: serial } });
    if (listed.isError) throw new Error(`mobile-mcp failed: ${JSON.stringify(listed.content)}`);
    calls.mobileMcp = () => peer.callTool({ name: "mobile_list_elements_on_screen", arguments: { device: serial } });
  }
  const m = await alternate(calls);
  await Promise.all([ours.close(), peer?.close(), claw.close()]);

  const row = (measure, ms, target = "", verdict = "") =>
    console.log(`| ${measure} | ${ms} | ${target} | ${verdict} |`);
  const met = (ok) => (ok ? "met" : "**missed**");
  console.log("| measure | median ms | target | |");
  console.log("|---|---|---|---|");
  row(`snapshot, programmatic API (${CALLS} calls)`, m.apiSnapshot.toFixed(2));
  row("clawperator_snapshot over stdio, SDK Client", m.mcpSnapshot.toFixed(2));
  row(
    "overhead of the MCP call (difference of medians)",
    (m.mcpSnapshot - m.apiSnapshot).toFixed(2),
    "≤ 2 ms",
    met(m.mcpSnapshot - m.apiSnapshot <= 2),
  );
  row("agent view, programmatic API", m.apiView.toFixed(2));
  row(
    "clawperator_view over stdio, SDK Client",
    m.mcpView.toFixed(2),
    "≤ 4.25 ms (85 ms ÷ 20)",
    met(m.mcpView <= 4.25),
  );
  row("overhead of the MCP view call (difference of medians)", (m.mcpView - m.apiView).toFixed(2));
  if (m.mobileMcp !== undefined) {
    row("mobile-mcp 1.0.4 `mobile_list_elements_on_screen`, same device, alternating", m.mobileMcp.toFixed(2));
    row(
      "mobile-mcp ÷ clawperator_view",
      `${(m.mobileMcp / m.mcpView).toFixed(1)}×`,
      "≥ 20×",
      met(m.mobileMcp / m.mcpView >= 20),
    );
  } else {
    row(
      "the issue's ~85 ms for mobile-mcp ÷ clawperator_view",
      `${(85 / m.mcpView).toFixed(1)}×`,
      "≥ 20×",
      met(85 / m.mcpView >= 20),
    );
  }
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", "--all"], { stdio: "ignore" });
  host.close();
}
