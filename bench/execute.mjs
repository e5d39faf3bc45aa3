// Cold CLI `execute` of a 3-action payload against `observe snapshot`, on one virtual device, interleaved so
// that the machine's minute-to-minute drift hits both alike. Target: execute <= snapshot + 15 ms.
// Run: npm run build && node bench/execute.mjs   (prints a markdown table for bench/RESULTS.md)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, privateAdb } from "./private-adb.mjs";
import { median } from "./median.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 25);

const host = await privateAdb();
const { home } = host;
const { serial } = host.startDevice();

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
  console.log(
    `| CLI \`execute\` of a 3-action payload (median of ${ROUNDS}, interleaved) | ${e.toFixed(1)} | ` +
      `${(e - s).toFixed(1)} ms over the snapshot (target <= 15) |`,
  );
  console.log(
    `| the same with a read_text regex pattern, validated by zod (median of ${ROUNDS}, interleaved) | ` +
      `${z.toFixed(1)} | ${(z - s).toFixed(1)} ms over the snapshot: the cost every execute paid before |`,
  );
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", serial], { stdio: "ignore" });
  host.close();
}
