// `clawperator doctor` on a healthy virtual device, beside `node -e 0` and `observe snapshot`, measured interleaved
// (one of each per round) so the machine's drift hits all three alike.
// Run: npm run build && node bench/doctor.mjs   (prints a markdown table for bench/RESULTS.md)
import { execFileSync } from "node:child_process";
import { bin, privateAdb } from "./private-adb.mjs";
import { median } from "./median.mjs";

const ROUNDS = 21;

const host = await privateAdb();
const { serial } = host.startDevice();

const time = (args) => {
  const start = process.hrtime.bigint();
  try {
    execFileSync(process.execPath, args, { stdio: "ignore" });
  } catch {
    // timed either way; the verdict is checked once below
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
};

try {
  const report = JSON.parse(
    execFileSync(process.execPath, [bin, "doctor", "--device-id", serial], { encoding: "utf8" }),
  );
  if (!report.ok) throw new Error(`doctor is not ok on the benchmark device: ${JSON.stringify(report)}`);
  const commands = {
    "`node -e 0`": ["-e", "0"],
    "`clawperator observe snapshot`": [bin, "observe", "snapshot", "--device-id", serial],
    "`clawperator doctor` (10 checks, handshake included)": [bin, "doctor", "--device-id", serial],
  };
  const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (const args of Object.values(commands)) time(args); // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, args] of Object.entries(commands)) times[name].push(time(args));
  const node = median(times["`node -e 0`"]);
  console.log(`| command | median of ${ROUNDS} (ms) | × node -e 0 |\n|---|---:|---:|`);
  for (const [name, values] of Object.entries(times))
    console.log(`| ${name} | ${median(values).toFixed(1)} | ${(median(values) / node).toFixed(2)} |`);
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", serial], { stdio: "ignore" });
  host.close();
}
