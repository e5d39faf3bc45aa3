// A skill script that calls the CLI once per step, as real skills do: open Settings, wait for its list, read a row,
// open it, read the next screen, go back, and a snapshot to end with; 7 CLI calls through CLAWPERATOR_BIN, each a
// process of its own. Timed for this build and, with COMPARE_BIN=<another build's bin>, alternately with that one,
// on a virtual device.
// Run: npm run build && node bench/skill-steps.mjs   ROUNDS=11
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { bin, privateAdb } from "./private-adb.mjs";
import { median } from "./median.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 11);
const host = await privateAdb({ prefix: "clawperator-bench-steps-" });
const { serial } = host.startDevice();

const script = join(host.home, "run.mjs");
writeFileSync(
  script,
  `import { execFileSync } from "node:child_process";
const step = (...args) => JSON.parse(execFileSync(process.execPath, [process.env.CLAWPERATOR_BIN, ...args, "--device-id", process.env.CLAWPERATOR_DEVICE_ID, "--json"], { encoding: "utf8" }));
const ok = (result, what) => { if (result.ok === false) throw new Error(what + ": " + JSON.stringify(result)); return result; };
ok(step("action", "open-app", "--app", "com.android.settings"), "open Settings");
ok(step("action", "wait", "--text", "Network & internet"), "wait for the list");
ok(step("action", "read", "--text", "Network & internet"), "read the row");
ok(step("action", "click", "--text", "Network & internet"), "open the row");
ok(step("observe", "snapshot"), "read the screen");
ok(step("action", "back"), "go back");
ok(step("observe", "snapshot"), "end");
`,
);
const run = (cli) => {
  const start = performance.now();
  execFileSync(process.execPath, [script], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CLAWPERATOR_BIN: cli, CLAWPERATOR_DEVICE_ID: serial },
  });
  return performance.now() - start;
};
const variants = { "this build": () => run(bin) };
if (process.env.COMPARE_BIN) variants.COMPARE_BIN = () => run(resolve(process.env.COMPARE_BIN));

try {
  for (const measure of Object.values(variants)) measure();
  const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let i = 0; i < ROUNDS; i++) for (const [name, measure] of Object.entries(variants)) times[name].push(measure());
  console.log(`| the skill script (7 CLI calls), median of ${ROUNDS} alternating rounds | ms | per step |`);
  console.log("|---|---:|---:|");
  for (const [name, values] of Object.entries(times))
    console.log(`| ${name} | ${median(values).toFixed(1)} | ${(median(values) / 7).toFixed(1)} |`);
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", "--all"], { stdio: "ignore" });
  host.close();
}
