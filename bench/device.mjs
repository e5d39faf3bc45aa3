// The virtual device and the execution path, measured through the real adb binary.
// Run: npm run build && node bench/device.mjs   (prints markdown tables for bench/RESULTS.md)
import { execFileSync } from "node:child_process";
import { Readable } from "node:stream";
import { join } from "node:path";
import { medianMs } from "./median.mjs";
import { bin, privateAdb, root } from "./private-adb.mjs";

const dist = (path) => import(join(root, "dist", path));
const { createVirtualDevice } = await dist("android/virtual/index.js");
const { builtinScenario } = await dist("android/virtual/scenario/load-scenario.js");
const { createClawperator } = await dist("index.js");

const host = await privateAdb();
const { adbPort, home } = host;
// The device runs in its own process (as a user starts it): the timed adb calls below are synchronous.
const { serial } = host.startDevice();

try {
  const percentile = (values, p) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
  const median = (values) => percentile(values, 0.5);
  const rows = [];
  const row = (name, ms, note = "") => rows.push(`| ${name} | ${ms.toFixed(2)} | ${note} |`);

  // 1. One adb shell round trip against the device, beside a local shell.
  const echo = medianMs(50, "adb", ["-P", String(adbPort), "-s", serial, "shell", "echo", "hi"]);
  row("`sh -c 'echo hi'` (median of 50)", medianMs(50, "sh", ["-c", "echo hi"]));
  row("`adb -s <virtual> shell echo hi` (median of 50)", echo, "target < 40 ms: no Nagle or delayed-ACK stall");

  // 2. Device-side time: broadcast received -> result logged, measured inside a device in this process (no adb).
  const { state, services, stop: stopInProcess } = createVirtualDevice(builtinScenario("default"));
  async function deviceSide(actions) {
    const commandId = `bench-${Math.random().toString(36).slice(2)}`;
    const payload = JSON.stringify({
      commandId,
      taskId: "bench",
      source: "bench",
      expectedFormat: "android-ui-automator",
      timeoutMs: 30000,
      actions,
    });
    const logged = new Promise((done) => {
      const off = state.log.subscribe((entry) => {
        if (entry.message.startsWith("[Clawperator-Result]") && entry.message.includes(commandId)) {
          off();
          done(performance.now());
        }
      });
    });
    const session = {
      stdin: Readable.from([]),
      stdout: () => {},
      stderr: () => {},
      signal: new AbortController().signal,
    };
    const command =
      `am broadcast -a app.clawperator.operator.ACTION_AGENT_COMMAND -p com.clawperator.operator --es payload '` +
      `${payload.replaceAll("'", `'"'"'`)}'`;
    const start = performance.now();
    await services.run(command, session);
    return (await logged) - start;
  }
  const snapshotTimes = [];
  for (let i = 0; i < 200; i++) snapshotTimes.push(await deviceSide([{ id: "s", type: "snapshot_ui" }]));
  row(
    "device-side snapshot execution, broadcast -> result logged (median of 200)",
    median(snapshotTimes),
    `p95 ${percentile(snapshotTimes, 0.95).toFixed(2)} ms`,
  );
  const fifty = Array.from({ length: 50 }, (_, i) => ({
    id: `r${i}`,
    type: "read_text",
    params: { matcher: { textContains: "Settings" } },
  }));
  const perAction = [];
  for (let i = 0; i < 20; i++) perAction.push((await deviceSide(fifty)) / 50);
  row("device-side work per action (50 read_text actions, median of 20)", median(perAction), "target <= 2 ms");

  stopInProcess();

  // 3. CLI observe snapshot beside its floor: node start-up plus two adb round trips.
  const node = medianMs(21, process.execPath, ["-e", "0"]);
  const cli = medianMs(20, process.execPath, [bin, "observe", "snapshot", "--device-id", serial], { env: process.env });
  row("floor: `node -e 0` + 2 x adb shell echo", node + 2 * echo);
  row("CLI `observe snapshot` (median of 20)", cli, `${(cli / (node + 2 * echo)).toFixed(2)} x floor (target <= 1.5)`);

  // 4. Programmatic execution with the result stream open: one-action snapshot.
  const api = await createClawperator({ cwd: home });
  await api.snapshot({ deviceId: serial });
  const apiTimes = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    const result = await api.snapshot({ deviceId: serial });
    apiTimes.push(performance.now() - start);
    if (!result.ok) throw new Error(`snapshot failed: ${JSON.stringify(result.envelope)}`);
  }
  const apiMedian = median(apiTimes);
  row(
    "programmatic snapshot, stream open (median of 200)",
    apiMedian,
    `${(apiMedian / echo).toFixed(2)} x adb shell echo (target <= 2)`,
  );
  await api.close();

  console.log("| measurement | ms | note |");
  console.log("|---|---:|---|");
  for (const line of rows) console.log(line);
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", serial]);
  host.close();
}
