// `clawperator serve` under load: POST /execute latency and throughput with 1 and 4 virtual devices, the server's
// own CPU per execution, the CPU ceiling of the machine for this work, snapshot latency beside the programmatic API,
// and the server's RSS after 100 and after 10,000 executions.
// Run: npm run build && node bench/serve.mjs   (prints markdown tables for bench/RESULTS.md)
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus } from "node:os";
import { join } from "node:path";
import { bin, privateAdb, root } from "./private-adb.mjs";

const { createClawperator } = await import(join(root, "dist/index.js"));
const RUN_SECONDS = Number(process.env.RUN_SECONDS ?? 10);
const RSS_EXECUTIONS = Number(process.env.RSS_EXECUTIONS ?? 10_000);

const host = await privateAdb({ prefix: "clawperator-bench-serve-" });
const { home, adbPort } = host;

const TICK_MS = 1000 / 100; // USER_HZ
/** utime + stime of a process in ms, from /proc. */
const cpuSplit = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return { user: Number(fields[11]) * TICK_MS, system: Number(fields[12]) * TICK_MS };
};
const cpuMs = (pid) => {
  const { user, system } = cpuSplit(pid);
  return user + system;
};
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
const adbServerPid = () =>
  readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .find((p) => {
      try {
        const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8");
        return cmd.includes(`tcp:${adbPort}`) && cmd.includes("fork-server");
      } catch {
        return false;
      }
    });
const selfCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const devices = [];
for (let i = 0; i < 4; i++) devices.push(host.startDevice());
const devicePids = JSON.parse(execFileSync(process.execPath, [bin, "virtual", "list"], { encoding: "utf8" })).map(
  (d) => d.pid,
);

const server = spawn(
  process.execPath,
  [...(process.env.SERVE_NODE_ARGS ?? "").split(" ").filter(Boolean), bin, "serve", "--port", "0"],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const banner = await new Promise((done) => {
  let text = "";
  server.stdout.on("data", (chunk) => {
    text += chunk;
    if (text.includes("\n")) done(JSON.parse(text.slice(0, text.indexOf("\n"))));
  });
});
const agent = new Agent({ keepAlive: true, maxSockets: 16 });
const post = (path, body) =>
  new Promise((done, fail) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port: banner.port,
        path,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () =>
          res.statusCode === 200 ? done(text) : fail(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 300)}`)),
        );
      },
    );
    req.on("error", fail);
    req.end(payload);
  });
let sequence = 0;
const snapshotExecution = () => ({
  commandId: `bench-${++sequence}`,
  taskId: "bench",
  source: "bench",
  expectedFormat: "android-ui-automator",
  timeoutMs: 30_000,
  actions: [{ id: "s", type: "snapshot_ui" }],
});
const execute = (serial) => post("/execute", { execution: snapshotExecution(), deviceId: serial });
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** Each device driven by one client loop (one execution per device at a time) for `seconds`. */
async function load(serials, seconds) {
  const pids = { serve: server.pid, adb: adbServerPid(), devices: devicePids };
  const serveBefore = cpuSplit(pids.serve);
  const before = {
    serve: cpuMs(pids.serve),
    adb: cpuMs(pids.adb),
    devices: pids.devices.map(cpuMs),
    self: selfCpuMs(),
  };
  const latencies = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    serials.map(async (serial) => {
      while (performance.now() < until) {
        const t = performance.now();
        await execute(serial);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const wallMs = performance.now() - started;
  const serveCpu = cpuMs(pids.serve) - before.serve;
  const serveSystem = cpuSplit(pids.serve).system - serveBefore.system;
  const totalCpu =
    serveCpu +
    (cpuMs(pids.adb) - before.adb) +
    pids.devices.map(cpuMs).reduce((a, v, i) => a + v - before.devices[i], 0) +
    (selfCpuMs() - before.self);
  const n = latencies.length;
  return {
    n,
    rps: (n / wallMs) * 1000,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    serveCpuPerExec: serveCpu / n,
    serveSystemPerExec: serveSystem / n,
    totalCpuPerExec: totalCpu / n,
    // All cores busy with this work: cores / (CPU ms per execution) executions per second.
    ceilingRps: (cpus().length * 1000) / (totalCpu / n),
  };
}

try {
  const serials = devices.map((d) => d.serial);
  for (const serial of serials) await execute(serial); // warm-up: loads the route, opens each device's result stream
  const one = await load(serials.slice(0, 1), RUN_SECONDS);
  const four = await load(serials, RUN_SECONDS);

  // Snapshot p50: POST /observe/snapshot beside the programmatic API, same device, one after the other.
  const snap = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await post("/observe/snapshot", { deviceId: serials[0] });
    snap.push(performance.now() - t);
  }
  const api = await createClawperator({ cwd: home });
  await api.snapshot({ deviceId: serials[0] });
  const apiTimes = [];
  const apiCpuBefore = selfCpuMs();
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await api.snapshot({ deviceId: serials[0] });
    apiTimes.push(performance.now() - t);
  }
  const apiCpuPerExec = (selfCpuMs() - apiCpuBefore) / 200;
  await api.close();

  // RSS: after 100 executions of this phase, then after RSS_EXECUTIONS in all (4 devices in parallel).
  const rssRun = async (target) => {
    let done = 0;
    await Promise.all(
      serials.map(async (serial) => {
        while (done < target) {
          done++;
          await execute(serial);
        }
      }),
    );
  };
  await rssRun(100);
  const rss100 = rssMb(server.pid);
  await rssRun(RSS_EXECUTIONS);
  const rss10k = rssMb(server.pid);

  const row = (name, r) =>
    `| ${name} | ${r.n} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ` +
    `${r.serveCpuPerExec.toFixed(2)} (${r.serveSystemPerExec.toFixed(2)} in the kernel) | ` +
    `${r.totalCpuPerExec.toFixed(2)} | ${r.ceilingRps.toFixed(0)} | ` +
    `${((r.rps / r.ceilingRps) * 100).toFixed(0)} % |`;
  console.log(
    `POST /execute, one-action snapshot, ${RUN_SECONDS} s per row, ${cpus().length} cores, Node ${process.version}\n`,
  );
  console.log(
    "| devices | executions | req/s | p50 ms | p99 ms | serve CPU ms/exec | all CPU ms/exec | CPU ceiling " +
      "req/s | of ceiling |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  console.log(row("1", one));
  console.log(row("4", four));
  const snapP50 = percentile(snap, 0.5);
  const apiP50 = percentile(apiTimes, 0.5);
  console.log("\n| measurement | value | note |\n|---|---:|---|");
  console.log(`| POST /observe/snapshot p50 (200 runs) | ${snapP50.toFixed(2)} ms | |`);
  console.log(
    `| programmatic api.snapshot() p50 (200 runs) | ${apiP50.toFixed(2)} ms | difference ` +
      `${(snapP50 - apiP50).toFixed(2)} ms (target <= 2) |`,
  );
  console.log(
    `| programmatic API process CPU per snapshot | ${apiCpuPerExec.toFixed(2)} ms | the same pipeline in one ` +
      `process, no HTTP |`,
  );
  console.log(`| serve RSS after 100 executions | ${rss100.toFixed(1)} MB | |`);
  console.log(
    `| serve RSS after ${RSS_EXECUTIONS + 100} executions | ${rss10k.toFixed(1)} MB | ` +
      `${(((rss10k - rss100) / rss100) * 100).toFixed(1)} % over (target <= 20 %) |`,
  );
} finally {
  agent.destroy();
  server.kill("SIGTERM");
  await new Promise((done) => server.once("exit", done));
  for (const d of devices) execFileSync(process.execPath, [bin, "virtual", "stop", d.serial]);
  host.close();
}
