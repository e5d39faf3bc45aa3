// The CLI against the floor (a bare `node -e 0` plus two `adb shell echo`, what the shortest device call has to
// cost), with the warm runtime (daemon on) and without it (CLAWPERATOR_NO_DAEMON=1), interleaved A,B,A,B so the
// machine's drift hits both alike. Issue 28: on <= 1.15x the floor; off <= 1.3x (Node 20), 1.45x (Node 24).
// Run: npm run build && node bench/daemon.mjs [another node binary ...]   (prints a markdown table)
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, privateAdb } from "./private-adb.mjs";
import { median } from "./median.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 21);
const nodes = [process.execPath, ...process.argv.slice(2)];

const host = await privateAdb({ prefix: "clawperator-bench-daemon-" });
const { serial } = host.startDevice();
const payload = join(host.home, "execute.json");
writeFileSync(
  payload,
  JSON.stringify({
    commandId: "bench-d",
    taskId: "t",
    source: "bench",
    expectedFormat: "android-ui-automator",
    timeoutMs: 30_000,
    actions: [
      { id: "a", type: "open_app", params: { applicationId: "com.android.settings" } },
      { id: "b", type: "click", params: { matcher: { textEquals: "Network & internet" } } },
      { id: "c", type: "read_text", params: { matcher: { textContains: "Wi" } } },
    ],
  }),
);

const time = (file, args, env) => {
  const start = process.hrtime.bigint();
  try {
    execFileSync(file, args, { stdio: "ignore", env: { ...process.env, ...env } });
  } catch {
    // a failing call still counts: the process is timed, not its verdict
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
};

const calls = [
  ["`observe snapshot`", ["observe", "snapshot", "--device-id", serial, "--json"]],
  ["`execute` (3 actions)", ["execute", "--device-id", serial, "--execution", payload]],
  ["`--help`", ["--help"]],
  ["`--version`", ["--version"]],
];

console.log(`| node | call | floor (ms) | daemon on (ms) | × floor | daemon off (ms) | × floor |`);
console.log("|---|---|---:|---:|---:|---:|---:|");
for (const node of nodes) {
  const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  const floor = () => {
    const start = process.hrtime.bigint();
    execFileSync(node, ["-e", "0"]);
    for (let i = 0; i < 2; i++) host.adb(["-s", serial, "shell", "echo", "hi"]);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  for (const [name, args] of calls) {
    const on = () => time(node, [bin, ...args], { CLAWPERATOR_NO_DAEMON: "0" });
    const off = () => time(node, [bin, ...args], { CLAWPERATOR_NO_DAEMON: "1" });
    on();
    off();
    floor();
    const f = [];
    const a = [];
    const b = [];
    const ra = [];
    const rb = [];
    for (let i = 0; i < ROUNDS; i++) {
      const x = floor();
      const y = on();
      const z = off();
      f.push(x);
      a.push(y);
      b.push(z);
      ra.push(y / x);
      rb.push(z / x);
    }
    const ms = (values) => median(values).toFixed(1);
    const ratio = (values) => median(values).toFixed(2);
    console.log(`| ${version} | ${name} | ${ms(f)} | ${ms(a)} | ${ratio(ra)} | ${ms(b)} | ${ratio(rb)} |`);
  }
}
execFileSync(process.execPath, [bin, "daemon", "stop"], { stdio: "ignore" });
execFileSync(process.execPath, [bin, "virtual", "stop", serial], { stdio: "ignore" });
host.close();
