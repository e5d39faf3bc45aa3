// `provision emulator` through the virtual Android SDK (a 2 s boot delay), timed end to end with the real adb.
// Run: npm run build && node bench/emulator.mjs   (prints a markdown table for bench/RESULTS.md)
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { medianMs, median } from "./median.mjs";
import { bin, privateAdb } from "./private-adb.mjs";

const BOOT_DELAY_MS = 2_000;
const ROUNDS = 5;
const host = await privateAdb({
  prefix: "clawperator-bench-emu-",
  env: (home) => ({ ANDROID_HOME: join(home, "sdk"), ANDROID_AVD_HOME: join(home, "avd") }),
});
const sdk = process.env.ANDROID_HOME;
const cli = (...args) => JSON.parse(execFileSync(process.execPath, [bin, ...args], { encoding: "utf8" }));
const timed = (fn) => {
  const start = process.hrtime.bigint();
  const value = fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
};
/** `provision emulator --output pretty`: wall time and the progress lines' elapsed seconds per phase. */
function provisionPretty() {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [bin, "provision", "emulator", "--output", "pretty"], { encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const at = (pattern) => 1000 * Number(new RegExp(`${pattern}.*\\((\\d+\\.\\d) s\\)`).exec(run.stderr)?.[1] ?? NaN);
  return { ms, launched: at("starting "), registered: at("registered with adb"), booted: at("booted") };
}
cli("virtual", "android-home", "--out", sdk, "--boot-delay-ms", String(BOOT_DELAY_MS));

try {
  const create = timed(() => cli("provision", "emulator"));
  if (!create.value.created) throw new Error(`expected a created emulator: ${JSON.stringify(create.value)}`);
  const reuse = [];
  const start = [];
  const phases = [];
  for (let i = 0; i < ROUNDS; i++) {
    reuse.push(timed(() => cli("provision", "emulator")).ms);
    cli("emulator", "stop", "clawperator-pixel");
    const run = provisionPretty();
    if (Number.isNaN(run.booted)) throw new Error("expected a started emulator");
    start.push(run.ms);
    phases.push(run);
  }
  const nodeMs = medianMs(11, process.execPath, ["-e", "0"]);
  const toolMs = medianMs(11, join(sdk, "emulator", "emulator"), ["-list-avds"]);
  const rows = [
    ["`node -e 0` (median of 11)", nodeMs, ""],
    [
      "one SDK stand-in call, `emulator -list-avds` (median of 11)",
      toolMs,
      "a Node process each: the stand-in's cost, not the host's",
    ],
    [
      "`provision emulator`, creating the AVD (once)",
      create.ms,
      "4 stand-in calls (list_installed, licenses, install, create) + start + boot",
    ],
    [
      `\`provision emulator\`, starting the stopped AVD (median of ${ROUNDS})`,
      median(start),
      `overhead beyond the boot delay: ${(median(start) - BOOT_DELAY_MS).toFixed(0)} ms`,
    ],
    ["… of which: CLI start-up and exit (wall − booted)", median(phases.map((p) => p.ms - p.booted)), "host"],
    [
      "… of which: looking for emulators and AVDs before the launch",
      median(phases.map((p) => p.launched)),
      "host: adb devices, the consoles, the AVD folder (0.0 s at the progress lines' 0.1 s resolution)",
    ],
    [
      "… of which: launch until adb registration",
      median(phases.map((p) => p.registered - p.launched)),
      "the stand-in's Node start and device start, then at most one 250 ms poll",
    ],
    [
      "… of which: registration until boot complete",
      median(phases.map((p) => p.booted - p.registered)),
      "the boot delay runs from the device's start, so part of it passed before registration",
    ],
    [`\`provision emulator\`, reusing the running emulator (median of ${ROUNDS})`, median(reuse), ""],
  ];
  console.log(`Boot delay ${BOOT_DELAY_MS} ms; boot wait polls every 250 ms.\n`);
  console.log("| measurement | ms | note |\n|---|---:|---|");
  for (const [name, ms, note] of rows) console.log(`| ${name} | ${ms.toFixed(0)} | ${note} |`);
} finally {
  try {
    cli("emulator", "stop", "clawperator-pixel");
  } catch {
    // not running
  }
  host.close();
}
