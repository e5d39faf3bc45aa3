// Faults: how long each takes to fail, and to recover, through the real CLI and adb on a virtual device.
// Run: npm run build && node bench/faults.mjs   (prints a markdown table for bench/RESULTS.md)
// The device-loss and adb-server faults are measured by their own benchmark (the transport's owner).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bin, privateAdb } from "./private-adb.mjs";
import { median } from "./median.mjs";

const RUNS = Number(process.env.CLAWPERATOR_FAULT_RUNS ?? 5);

const host = await privateAdb({ prefix: "clawperator-faults-", env: (home) => ({ TMPDIR: home }) });
const { home } = host;
const { serial } = host.startDevice();
const lock = join(home, ".clawperator", "locks", `${encodeURIComponent(serial)}.lock`);

const payload = (actions, timeoutMs = 10_000) =>
  JSON.stringify({
    commandId: `f-${Math.random().toString(36).slice(2)}`,
    taskId: "faults",
    source: "bench",
    expectedFormat: "android-ui-automator",
    timeoutMs,
    actions,
  });
const SNAP = [{ id: "s", type: "snapshot_ui" }];

/** Runs the CLI; returns its exit code, parsed output and wall time. */
function cli(args) {
  const start = performance.now();
  let status = 0;
  let stdout;
  try {
    stdout = execFileSync(process.execPath, [bin, ...args, "--device-id", serial], { encoding: "utf8" });
  } catch (error) {
    status = error.status;
    stdout = error.stdout;
  }
  return { status, body: JSON.parse(stdout), ms: performance.now() - start };
}

const rows = [];
const row = (fault, code, failMs, recoverMs) =>
  rows.push(`| ${fault} | ${code} | ${failMs} | ${recoverMs.toFixed(0)} |`);

try {
  const baseline = [];
  for (let i = 0; i < RUNS; i++) baseline.push(cli(["execute", "--execution", payload(SNAP)]).ms);
  row("none (baseline snapshot execution)", "-", "-", median(baseline));

  // The CLI killed mid-execution: SIGKILL once its lock is written, then the next execution.
  const killed = [];
  for (let i = 0; i < RUNS; i++) {
    const child = spawn(
      process.execPath,
      [
        bin,
        "execute",
        "--device-id",
        serial,
        "--execution",
        payload([{ id: "z", type: "sleep", params: { durationMs: 500 } }]),
      ],
      { stdio: "ignore" },
    );
    await new Promise((done) => {
      const poll = () => {
        try {
          if (JSON.parse(readFileSync(lock, "utf8")).pid === child.pid) return done();
        } catch {}
        setTimeout(poll, 5);
      };
      poll();
    });
    child.kill("SIGKILL");
    await new Promise((done) => child.on("exit", done));
    const next = cli(["execute", "--execution", payload(SNAP)]);
    if (next.status !== 0) throw new Error(`after a killed CLI: ${JSON.stringify(next.body)}`);
    killed.push(next.ms);
  }
  row("CLI killed mid-execution (SIGKILL)", "none (killed: no output)", "0 (immediate)", median(killed));

  // A corrupt lock file older than the grace: the next execution takes it over.
  const corrupt = [];
  for (let i = 0; i < RUNS; i++) {
    mkdirSync(join(home, ".clawperator", "locks"), { recursive: true });
    writeFileSync(lock, '{"pid":');
    utimesSync(lock, new Date(), new Date(Date.now() - 60_000));
    const next = cli(["execute", "--execution", payload(SNAP)]);
    if (next.status !== 0) throw new Error(`with a corrupt lock: ${JSON.stringify(next.body)}`);
    corrupt.push(next.ms);
  }
  row("corrupt (truncated) lock file", "none: taken over", "-", median(corrupt));

  // A full disk for the screenshot: /dev/full answers ENOSPC.
  const full = [];
  const after = [];
  for (let i = 0; i < RUNS; i++) {
    const run = cli(["observe", "screenshot", "--path", "/dev/full"]);
    if (run.status !== 1 || run.body.envelope.errorCode !== "SCREENSHOT_WRITE_FAILED")
      throw new Error(`full disk: ${JSON.stringify(run.body)}`);
    full.push(run.ms);
    const next = cli(["execute", "--execution", payload(SNAP)]);
    if (next.status !== 0) throw new Error(`after a full disk: ${JSON.stringify(next.body)}`);
    after.push(next.ms);
  }
  row(
    "full disk for a screenshot (/dev/full)",
    "SCREENSHOT_WRITE_FAILED (exit 1)",
    median(full).toFixed(0),
    median(after),
  );

  console.log(`| fault | code | time to fail, ms (median of ${RUNS}) | next execution, ms (median of ${RUNS}) |`);
  console.log("|---|---|---:|---:|");
  for (const line of rows) console.log(line);
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", serial]);
  host.close();
}
