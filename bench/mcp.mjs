// The MCP server's costs (issue 25): the overhead of a tool call over stdio against the programmatic API for the
// same call (the full snapshot and the agent view), the view tool against mobile-mcp's element list on the same
// device, and the cold start of `clawperator mcp` to a served tools/list against `--version`. Calls and starts
// alternate (A, B, A, B), so the ratios compare the same minutes.
// Run: npm run build && node bench/mcp.mjs   (prints a markdown table for bench/RESULTS.md)
// With MOBILE_MCP=<path to @mobilenext/mobile-mcp's lib/index.js> (installed outside the project, e.g.
// `npm install --prefix /tmp/mm @mobilenext/mobile-mcp@1.0.4`), its `mobile_list_elements_on_screen` runs on the
// same virtual device and adb server (its adb robot: MOBILEMCP_LEGACY_ROBOT=1; telemetry off).
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { bin, privateAdb, root } from "./private-adb.mjs";
import { median } from "./median.mjs";

const CALLS = Number(process.env.CALLS ?? 41);
const STARTS = Number(process.env.STARTS ?? 15);

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

const timed = async (run) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

try {
  const { createClawperator } = await import(join(root, "dist/index.js"));
  const claw = await createClawperator();
  // Served by a spare MCP server (every start but a user's first), and in the client's own process (the runtime
  // off, or a first start): the spare's session passes each message through the client process too.
  const daemon = (action, env = process.env) =>
    JSON.parse(execFileSync(process.execPath, [bin, "daemon", action], { env, encoding: "utf8" }));
  const inProcess = await connect(process.execPath, [bin, "mcp"], { CLAWPERATOR_NO_DAEMON: "1" });
  await (await connect(process.execPath, [bin, "mcp"])).close();
  /** Until the spare the last start left is listening: a client that comes sooner is served in its own process. */
  const spareWaiting = (env) => {
    while (!daemon("status", env).spare);
  };
  spareWaiting();
  const ours = await connect(process.execPath, [bin, "mcp"]);
  const tool = (client, name) => () => client.callTool({ name, arguments: { deviceId: serial } });
  const calls = {
    apiSnapshot: () => claw.snapshot({ deviceId: serial }),
    mcpSnapshot: tool(ours, "clawperator_snapshot"),
    mcpSnapshotInProcess: tool(inProcess, "clawperator_snapshot"),
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
  await Promise.all([ours.close(), inProcess.close(), peer?.close(), claw.close()]);
  daemon("stop");

  // Cold start (a new process), spawn to tools/list answered, alternating with `--version` and `--help`, from an
  // empty folder (no config file to load). Three ways: in a fresh HOME, as a client's first start after installing
  // (served in its own process; the spare MCP server it starts is stopped after each); in one HOME kept per build,
  // as every later start, served by the spare the one before left waiting; and in that HOME with the runtime off
  // (CLAWPERATOR_NO_DAEMON=1: in process, the CLI's code cache warm). With BASELINE=<another build's bin>, that
  // build's `mcp` starts alternate too (before/after a change).
  const empty = mkdtempSync(join(host.home, "cwd-"));
  const envOf = (home) => ({ ...process.env, HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator") });
  const freshHome = () => envOf(mkdtempSync(join(host.home, "home-")));
  const kept = { ours: freshHome(), baseline: freshHome() };
  const run = (args, env = {}) =>
    timed(() => execFileSync(process.execPath, [bin, ...args], { cwd: empty, env: { ...freshHome(), ...env } }));
  const mcpStart = async (cli, env) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, "mcp"],
      cwd: empty,
      env,
      stderr: "ignore",
    });
    const client = new Client({ name: "bench", version: "1.0.0" });
    // Until the answer arrives: `listTools()` would add the client's own work (it compiles every output schema).
    const ms = await timed(async () => {
      await client.connect(transport);
      await client.request({ method: "tools/list" }, ListToolsResultSchema);
    });
    await client.close();
    return ms;
  };
  const cold = { version: [], help: [], mcp: [], baseline: [], warm: [], off: [], warmBaseline: [] };
  await mcpStart(bin, kept.ours);
  if (process.env.BASELINE) await mcpStart(process.env.BASELINE, kept.baseline);
  for (let i = 0; i < STARTS; i++) {
    cold.version.push(await run(["--version"]));
    // The floor of every command that boots the kernel, in process as `mcp` runs.
    cold.help.push(await run(["--help"], { CLAWPERATOR_NO_DAEMON: "1" }));
    const fresh = freshHome();
    cold.mcp.push(await mcpStart(bin, fresh));
    daemon("stop", fresh);
    spareWaiting(kept.ours);
    cold.warm.push(await mcpStart(bin, kept.ours));
    cold.off.push(await mcpStart(bin, { ...kept.ours, CLAWPERATOR_NO_DAEMON: "1" }));
    if (process.env.BASELINE) {
      cold.baseline.push(await mcpStart(process.env.BASELINE, freshHome()));
      cold.warmBaseline.push(await mcpStart(process.env.BASELINE, kept.baseline));
    }
  }
  daemon("stop", kept.ours);
  const [version, help, start] = [median(cold.version), median(cold.help), median(cold.mcp)];

  const row = (measure, ms, target = "", verdict = "") =>
    console.log(`| ${measure} | ${ms} | ${target} | ${verdict} |`);
  const met = (ok) => (ok ? "met" : "**missed**");
  console.log("| measure | median ms | target | |");
  console.log("|---|---|---|---|");
  row(`snapshot, programmatic API (${CALLS} calls)`, m.apiSnapshot.toFixed(2));
  row("clawperator_snapshot over stdio, SDK Client, served by a spare", m.mcpSnapshot.toFixed(2));
  row(
    "overhead of the MCP call (difference of medians)",
    (m.mcpSnapshot - m.apiSnapshot).toFixed(2),
    "≤ 2 ms",
    met(m.mcpSnapshot - m.apiSnapshot <= 2),
  );
  row("clawperator_snapshot, served in the client's process (runtime off)", m.mcpSnapshotInProcess.toFixed(2));
  row(
    "overhead of that MCP call (difference of medians)",
    (m.mcpSnapshotInProcess - m.apiSnapshot).toFixed(2),
    "≤ 2 ms",
    met(m.mcpSnapshotInProcess - m.apiSnapshot <= 2),
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
  row(`\`clawperator --version\`, fresh HOME (${STARTS} starts)`, version.toFixed(1));
  const ratio = (ms) => `${(ms / version).toFixed(2)}×`;
  if (process.env.BASELINE) {
    row(
      "first start of the BASELINE build's `mcp` (fresh HOME), alternating",
      median(cold.baseline).toFixed(1),
      "",
      ratio(median(cold.baseline)),
    );
    row(
      "later start of the BASELINE build's `mcp` (its code cache warm)",
      median(cold.warmBaseline).toFixed(1),
      "",
      ratio(median(cold.warmBaseline)),
    );
  }
  row("`clawperator --help` in process, alternating", help.toFixed(1), "", `${ratio(help)} --version`);
  const startRow = (measure, ms) =>
    row(
      measure,
      ms.toFixed(1),
      `≤ 1.5× --version (${(1.5 * version).toFixed(1)})`,
      `${ratio(ms)}, ${met(ms <= 1.5 * version)}`,
    );
  startRow("first start: spawn `clawperator mcp` to tools/list answered, fresh HOME, alternating", start);
  startRow("later start: the same, served by the spare MCP server the start before left", median(cold.warm));
  startRow("later start with the runtime off (CLAWPERATOR_NO_DAEMON=1): in process, code cache warm", median(cold.off));
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", "--all"], { stdio: "ignore" });
  host.close();
}
