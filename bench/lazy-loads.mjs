// What a command's start-up loads, as facts about the built bundle rather than suite assertions: code a command
// does not use must stay out of its process (h3 and the route schemas for `serve --help`, the tool catalogue for
// an MCP session's tools/list, zod for `observe snapshot`, cosmiconfig once the config search is remembered), and
// the Node built-ins a few commands load. Each marker is a string only that code holds, looked for in the bundle
// files Node loaded (bench/load-log records them).
// Run: npm run build && node bench/lazy-loads.mjs   (prints a markdown table for bench/RESULTS.md)
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, privateAdb, root } from "./private-adb.mjs";

const host = await privateAdb({ prefix: "clawperator-bench-loads-" });
const { serial } = host.startDevice();
const LOGGER = ["--import", join(root, "bench/load-log/register.mjs")];
const BUILTINS = ["--require", join(root, "bench/load-log/builtins.cjs")];
let runs = 0;

/** Runs the CLI with the load log; the bundle files and built-ins it loaded. */
function loads(args, { cwd = host.home, input, logger = LOGGER } = {}) {
  const log = join(host.home, `loads-${++runs}.txt`);
  rmSync(log, { force: true });
  spawnSync(process.execPath, [...logger, bin, ...args], {
    cwd,
    env: { ...process.env, LOAD_LOG: log },
    input: input ?? "",
    encoding: "utf8",
  });
  const lines = readFileSync(log, "utf8").split("\n").filter(Boolean);
  return {
    files: lines.filter((url) => url.startsWith("file:") && url.includes("/dist/cli/")).map((url) => new URL(url)),
    builtins: lines.filter((line) => line.startsWith("builtin:")).map((line) => line.slice(8)),
  };
}
const holds = (files, marker) => files.some((file) => marker.test(readFileSync(file, "utf8")));

const H3 = /EventStream\s*=\s*class\b|class EventStream\b/;
const CATALOGUE = /function jsonSchemaOf\(/;
const ZOD = /"\$ZodType"/;
const COSMICONFIG = /Self-import detected/;
const MCP_LIST = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "b", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
];
const lines = (messages) => `${messages.map((m) => JSON.stringify(m)).join("\n")}\n`;

const rows = [];
const row = (what, expected, observed) =>
  rows.push([what, expected, observed, expected === observed ? "met" : "**missed**"]);
try {
  const serveHelp = loads(["serve", "--help"]).files;
  row("`serve --help` loads h3", false, holds(serveHelp, H3));
  row(
    "`serve --port nope` (the command's code ran) loads h3: the marker is real",
    true,
    holds(loads(["serve", "--port", "nope"]).files, H3),
  );
  // stdin ends after tools/list; the answer is written before the session closes.
  const listed = loads(["mcp"], { input: lines(MCP_LIST) }).files;
  row("`mcp` answering tools/list loads the tool catalogue", false, holds(listed, CATALOGUE));
  const called = loads(["mcp"], {
    input: lines([
      ...MCP_LIST,
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "clawperator_view", arguments: { deviceId: "" } },
      },
    ]),
  }).files;
  row("`mcp` answering a tool call loads it: the marker is real", true, holds(called, CATALOGUE));
  row("`observe snapshot` loads zod", false, holds(loads(["observe", "snapshot", "--device-id", serial]).files, ZOD));
  row(
    "`execute` of a file loads zod: the marker is real",
    true,
    holds(loads(["execute", "--execution", "{}"]).files, ZOD),
  );

  const work = join(host.home, "agent-work");
  mkdirSync(work);
  row(
    "first call in a new working directory searches for a config (cosmiconfig)",
    true,
    holds(loads(["devices", "--help"], { cwd: work }).files, COSMICONFIG),
  );
  row(
    "the next call does not search again",
    false,
    holds(loads(["devices", "--help"], { cwd: work }).files, COSMICONFIG),
  );
  writeFileSync(join(work, "screen.png"), "png");
  row(
    "nor after a screenshot lands in the working directory",
    false,
    holds(loads(["devices", "--help"], { cwd: work }).files, COSMICONFIG),
  );

  console.log("| what | expected | observed | |");
  console.log("|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  console.log("\n| command | Node built-ins loaded beyond a bare start | of which |");
  console.log("|---|---:|---|");
  for (const args of [["--help"], ["devices", "--help"], ["version"], ["observe", "snapshot", "--device-id", serial]]) {
    const { builtins } = loads(args, { logger: BUILTINS });
    const notable = builtins.filter((name) =>
      /^(internal\/)?(child_process|net|fs\/promises|crypto|worker_threads|readline\/interface)$/.test(name),
    );
    console.log(`| \`${args.join(" ")}\` | ${builtins.length} | ${notable.join(", ")} |`);
  }
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", "--all"], { stdio: "ignore" });
  host.close();
}
