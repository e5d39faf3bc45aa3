// Cold CLI `execute` of a 3-action payload against `observe snapshot`, on one virtual device, interleaved so
// that the machine's minute-to-minute drift hits both alike. Target (issue 10): execute <= snapshot + 15 ms.
// Run: npm run build && node bench/execute.mjs   (prints a markdown table for bench/RESULTS.md)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const bin = join(root, "dist/cli/bin.js");
const ROUNDS = Number(process.env.ROUNDS ?? 25);

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const home = mkdtempSync(join(tmpdir(), "clawperator-bench-"));
const adbPort = await freePort();
process.env.HOME = home;
process.env.CLAWPERATOR_HOME = join(home, ".clawperator");
process.env.ANDROID_ADB_SERVER_PORT = String(adbPort);
process.env.ADB_LOCAL_TRANSPORT_MAX_PORT = "0";
const adb = (args) => execFileSync("adb", ["-P", String(adbPort), ...args], { encoding: "utf8" });
adb(["start-server"]);
const { serial } = JSON.parse(execFileSync(process.execPath, [bin, "virtual", "start", "--detach"], { encoding: "utf8" }));

const payload = join(home, "execute.json");
writeFileSync(
  payload,
  JSON.stringify({
    commandId: "bench-e",
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

// The same actions, but the read_text carries a regex pattern: only zod checks those, so this one loads the schemas
// (what every execute paid before the hot-path validator).
const zodPayload = join(home, "execute-zod.json");
const withPattern = JSON.parse(readFileSync(payload, "utf8"));
withPattern.actions[2].params.validator = "regex";
withPattern.actions[2].params.validatorPattern = "Wi";
writeFileSync(zodPayload, JSON.stringify(withPattern));

const timed = (args) => {
  const start = process.hrtime.bigint();
  execFileSync(process.execPath, [bin, ...args, "--device-id", serial, "--json"], { stdio: "ignore" });
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

try {
  timed(["observe", "snapshot"]);
  timed(["execute", "--execution", payload]);
  const snapshot = [];
  const execute = [];
  const zod = [];
  for (let i = 0; i < ROUNDS; i++) {
    snapshot.push(timed(["observe", "snapshot"]));
    execute.push(timed(["execute", "--execution", payload]));
    zod.push(timed(["execute", "--execution", zodPayload]));
  }
  const s = median(snapshot);
  const e = median(execute);
  const z = median(zod);
  console.log("| measurement | ms | note |\n|---|---:|---|");
  console.log(`| CLI \`observe snapshot\` (median of ${ROUNDS}, interleaved) | ${s.toFixed(1)} |  |`);
  console.log(`| CLI \`execute\` of a 3-action payload (median of ${ROUNDS}, interleaved) | ${e.toFixed(1)} | ${(e - s).toFixed(1)} ms over the snapshot (target <= 15) |`);
  console.log(`| the same with a read_text regex pattern, validated by zod (median of ${ROUNDS}, interleaved) | ${z.toFixed(1)} | ${(z - s).toFixed(1)} ms over the snapshot: the cost every execute paid before |`);
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", serial], { stdio: "ignore" });
  adb(["kill-server"]);
  rmSync(home, { recursive: true, force: true });
}
