// Reading device output: snapshot size, the programmatic API's execution loop, and time to fail on faults.
// Run: npm run build && node bench/host-read.mjs   (prints markdown tables for bench/RESULTS.md)
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { bin, privateAdb, root } from "./private-adb.mjs";

const { createClawperator } = await import(join(root, "dist/index.js"));
const { defaultScenario } = await import(join(root, "dist/android/virtual/scenario/builtin/default.js"));
const { Transport } = await import(join(root, "dist/core/services/transport.js"));
const runs = Number(process.env.BENCH_RUNS ?? 15);

const host = await privateAdb({ prefix: "clawperator-bench-read-" });
const { home, adb } = host;
const cli = (args) =>
  execFileSync(process.execPath, [bin, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

// A scenario whose home screen is the 504-node recorded fixture.
const big = defaultScenario();
big.apps.push({ package: "com.xiangzi.jukandian", label: "Jukandian", launchScreen: "big" });
big.screens.big = { file: join(root, "test/fixtures/hierarchy/jukandian_article_webview_cjk_504nodes.xml") };
big.home = "big";
const bigFile = join(home, "big.json");
writeFileSync(bigFile, JSON.stringify(big));

const started = [];
const startDevice = (...args) => {
  const device = JSON.parse(cli(["virtual", "start", "--detach", ...args]));
  started.push(device.serial);
  return device;
};
const stopDevice = (serial) => {
  try {
    cli(["virtual", "stop", serial]);
  } catch {
    // already gone (killed by a fault)
  }
};

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const median = (values) => percentile(values, 0.5);
const timed = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const rows = [];
const row = (name, value, note = "") =>
  rows.push(`| ${name} | ${typeof value === "number" ? value.toFixed(2) : value} | ${note} |`);

try {
  const home1 = startDevice();
  const big1 = startDevice("--scenario", bigFile);
  const nodes = (json) => (JSON.parse(json).envelope.stepResults[0].data.text.match(/<node\b/g) ?? []).length;
  const snapshot = (serial) => cli(["observe", "snapshot", "--device-id", serial]);
  const bigNodes = nodes(snapshot(big1.serial));
  const homeNodes = nodes(snapshot(home1.serial));

  // 1. CLI snapshot, home screen and the 504-node screen interleaved (the machine's load drifts minute to minute).
  const cliHome = [];
  const cliBig = [];
  for (let i = 0; i < runs; i++) {
    cliHome.push(await timed(() => snapshot(home1.serial)));
    cliBig.push(await timed(() => snapshot(big1.serial)));
  }
  row(`CLI \`observe snapshot\`, home screen (${homeNodes} nodes, median of ${runs})`, median(cliHome));
  row(
    `CLI \`observe snapshot\`, fixture screen (${bigNodes} nodes, median of ${runs})`,
    median(cliBig),
    `${(median(cliBig) / median(cliHome)).toFixed(2)} x home (target <= 1.3)`,
  );

  // 2. The same through the programmatic API, streams open.
  const api = await createClawperator({ cwd: home });
  for (const serial of [home1.serial, big1.serial]) await api.snapshot({ deviceId: serial });
  const apiHome = [];
  const apiBig = [];
  for (let i = 0; i < 100; i++) {
    apiHome.push(await timed(() => api.snapshot({ deviceId: home1.serial })));
    apiBig.push(await timed(() => api.snapshot({ deviceId: big1.serial })));
  }
  row("API snapshot, home screen (median of 100)", median(apiHome));
  row(
    `API snapshot, fixture screen (${bigNodes} nodes, median of 100)`,
    median(apiBig),
    `${(median(apiBig) / median(apiHome)).toFixed(2)} x home (target <= 1.3)`,
  );

  // 2b. CPU per API snapshot (host process + the device's process), which a loaded machine inflates far less than
  // wall time. Linux only (/proc).
  const deviceCpuMs = (serial) => {
    const pid = JSON.parse(
      readFileSync(join(home, ".clawperator", "virtual", `${encodeURIComponent(serial)}.json`), "utf8"),
    ).pid;
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  if (process.platform === "linux") {
    const cpu = {};
    for (const [name, serial] of [
      ["home", home1.serial],
      ["big", big1.serial],
    ]) {
      const host0 = process.cpuUsage();
      const device0 = deviceCpuMs(serial);
      for (let i = 0; i < 100; i++) await api.snapshot({ deviceId: serial });
      const host1 = process.cpuUsage(host0);
      cpu[name] = { host: (host1.user + host1.system) / 1000 / 100, device: (deviceCpuMs(serial) - device0) / 100 };
    }
    const total = (c) => c.host + c.device;
    row(
      "API snapshot CPU, home screen: host + device process (mean of 100)",
      total(cpu.home),
      `host ${cpu.home.host.toFixed(2)}, device ${cpu.home.device.toFixed(2)}`,
    );
    row(
      `API snapshot CPU, fixture screen (${bigNodes} nodes)`,
      total(cpu.big),
      `host ${cpu.big.host.toFixed(2)}, device ${cpu.big.device.toFixed(2)}; ` +
        `${(total(cpu.big) / total(cpu.home)).toFixed(2)} x home`,
    );
  }

  // 3. 200 sequential snapshot executions in one process, interleaved with 200 bare `adb shell echo` round trips
  // through the same transport: the echo's p99/median is this machine's jitter floor for anything that crosses adb.
  const transport = api.kernel.services.resolve(Transport);
  const loop = [];
  const echo = [];
  for (let i = 0; i < 200; i++) {
    loop.push(
      await timed(async () => {
        const result = await api.snapshot({ deviceId: home1.serial });
        if (!result.ok) throw new Error(`snapshot failed: ${JSON.stringify(result.envelope)}`);
      }),
    );
    echo.push(await timed(() => transport.shell(home1.serial, "echo hi")));
  }
  const loopMedian = median(loop);
  row("API, 200 sequential snapshot executions: median", loopMedian, "target <= 3 ms");
  row(
    "API, 200 sequential snapshot executions: p99",
    percentile(loop, 0.99),
    `${(percentile(loop, 0.99) / loopMedian).toFixed(2)} x median (target <= 2)`,
  );
  row("floor: 200 bare `adb shell echo` round trips (interleaved): median", median(echo));
  row(
    "floor: 200 bare `adb shell echo` round trips: p99",
    percentile(echo, 0.99),
    `${(percentile(echo, 0.99) / median(echo)).toFixed(2)} x median`,
  );
  await api.close();

  // 4. Faults in the middle of an execution (the CLI, as a user runs it): time from the fault to the CLI's answer.
  const sleeping = (commandId, ms) =>
    JSON.stringify({
      commandId,
      taskId: "bench",
      source: "bench",
      expectedFormat: "android-ui-automator",
      timeoutMs: 60_000,
      actions: [{ id: "z", type: "sleep", params: { durationMs: ms } }],
    });
  const midExecution = async (serial, payload, fault) => {
    const child = spawn(process.execPath, [bin, "execute", "--device-id", serial, "--execution", payload], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const exited = new Promise((done) => child.on("exit", (code) => done(code)));
    await new Promise((done) => setTimeout(done, 1_000));
    const t0 = performance.now();
    fault();
    const code = await exited;
    return { ms: performance.now() - t0, code, body: JSON.parse(out) };
  };
  const kills = [];
  const codes = new Set();
  for (let i = 0; i < 5; i++) {
    const doomed = startDevice();
    const pid = JSON.parse(
      readFileSync(join(home, ".clawperator", "virtual", `${encodeURIComponent(doomed.serial)}.json`), "utf8"),
    ).pid;
    const { ms, body } = await midExecution(doomed.serial, sleeping(`kill-${i}`, 30_000), () =>
      process.kill(pid, "SIGKILL"),
    );
    kills.push(ms);
    codes.add(body.code);
    stopDevice(doomed.serial);
  }
  row(
    "device killed mid-execution (kill -9): time to fail (median of 5)",
    median(kills),
    `max ${Math.max(...kills).toFixed(0)} ms; ${[...codes].join(", ")} (target <= 2000)`,
  );

  const recoveries = [];
  let recovered = 0;
  for (let i = 0; i < 5; i++) {
    const { ms, code, body } = await midExecution(home1.serial, sleeping(`adbkill-${i}`, 2_000), () =>
      adb(["kill-server"]),
    );
    recoveries.push(ms);
    if (code === 0 && body.envelope?.status === "success") recovered++;
    // The next execution on the device, through the server the CLI restarted.
    if (!JSON.parse(snapshot(home1.serial)).ok) throw new Error("the execution after adb kill-server failed");
  }
  row(
    "`adb kill-server` mid-execution (2 s sleep, killed at 1 s): time to the recovered envelope (median of 5)",
    median(recoveries),
    `${recovered}/5 recovered, next execution ok 5/5`,
  );

  console.log(
    `Load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} (${cpus().length} cores)\n`,
  );
  console.log("| measurement | ms | note |");
  console.log("|---|---:|---|");
  for (const line of rows) console.log(line);
} finally {
  for (const serial of started) stopDevice(serial);
  host.close();
}
