// What a CLI call costs against its floor, per Node binary, every figure a median of per-round ratios with the
// two sides run alternately (A, B, A, B) so the machine's drift hits both alike:
// - `observe snapshot` against `node -e 0` plus two `adb shell echo` (what the shortest device call must cost);
// - `--version` and `--help` against `node -e 0`;
// - `clawperator mcp`, spawned to its tools/list answer, against `--version`.
// Each call runs in its own process with the compile cache of earlier calls (Node >= 22.1; Node 20 has none).
// Run: npm run build && node bench/startup.mjs [another node binary ...]   ROUNDS=21
// COMPARE_BIN=<another build's dist/cli/bin.cjs> adds that build's snapshot in the same rounds.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { median } from "./median.mjs";
import { bin, privateAdb } from "./private-adb.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 21);
const nodes = [process.execPath, ...process.argv.slice(2)];
const host = await privateAdb({ prefix: "clawperator-bench-startup-" });
const { serial } = host.startDevice();
const cwd = mkdtempSync(join(host.home, "cwd-"));

const time = (file, args) => {
  const start = process.hrtime.bigint();
  try {
    execFileSync(file, args, { stdio: "ignore", cwd });
  } catch {
    // a failing call still counts: the process is timed, not its verdict
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
};

async function mcpStart(node) {
  const transport = new StdioClientTransport({
    command: node,
    args: [bin, "mcp"],
    cwd,
    env: process.env,
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  const start = performance.now();
  // Until the answer arrives: `listTools()` would add the client's own work (it compiles every output schema).
  await client.connect(transport);
  await client.request({ method: "tools/list" }, ListToolsResultSchema);
  const ms = performance.now() - start;
  await client.close();
  return ms;
}

const ratios = (pairs) => median(pairs.map(([a, b]) => a / b));
console.log(`| node | call | median ms | against | median ms | × (median of ${ROUNDS} ratios) | target |`);
console.log("|---|---|---:|---|---:|---:|---|");
try {
  for (const node of nodes) {
    const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
    const modern = Number(version.slice(1).split(".")[0]) >= 22;
    const floor = () =>
      time(node, ["-e", "0"]) +
      time("adb", ["-s", serial, "shell", "echo", "hi"]) +
      time("adb", ["-s", serial, "shell", "echo", "hi"]);
    const calls = {
      floor,
      snapshot: () => time(node, [bin, "observe", "snapshot", "--device-id", serial, "--json"]),
      ...(process.env.COMPARE_BIN
        ? {
            compare: () =>
              time(node, [process.env.COMPARE_BIN, "observe", "snapshot", "--device-id", serial, "--json"]),
          }
        : {}),
      bare: () => time(node, ["-e", "0"]),
      version: () => time(node, [bin, "--version"]),
      help: () => time(node, [bin, "--help"]),
      mcp: () => mcpStart(node),
    };
    for (const call of Object.values(calls)) await call(); // warm-up: the compile cache fills
    const t = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
    for (let i = 0; i < ROUNDS; i++) for (const [name, call] of Object.entries(calls)) t[name].push(await call());
    const pair = (a, b) => t[a].map((value, i) => [value, t[b][i]]);
    const row = (call, a, against, b, target) =>
      console.log(
        `| ${version} | ${call} | ${median(t[a]).toFixed(1)} | ${against} | ${median(t[b]).toFixed(1)} | ` +
          `${ratios(pair(a, b)).toFixed(2)} | ${target} |`,
      );
    row("`observe snapshot`", "snapshot", "floor", "floor", modern ? "≤ 1.30" : "≤ 1.45");
    if (t.compare) row("COMPARE_BIN `observe snapshot`", "compare", "floor", "floor", "");
    row("`--version`", "version", "`node -e 0`", "bare", "≤ 1.15");
    row("`--help`", "help", "`node -e 0`", "bare", "");
    row("`mcp` to tools/list answered", "mcp", "`--version`", "version", modern ? "≤ 2.5" : "");
  }
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", "--all"], { stdio: "ignore" });
  host.close();
}
