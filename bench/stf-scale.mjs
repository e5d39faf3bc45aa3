// Many agents leasing from an STF farm at once (issue 41's scale figures), with the stand-in STF API of the tests
// (test/helpers/stf/stand-in-farm.ts, checked against STF's api_v1.yaml) and N virtual devices behind its
// remoteConnect, so everything after the API is real adb:
//   1. N CLI agents run an execution on `stf:any` at once (releases held until all N hold one): every execution on a
//      distinct device, every lease given back;
//   2. N agents hold their leases mid-execution and are all sent SIGTERM: no lease left on the farm, no remote
//      connection left on the adb server;
//   3. the per-session overhead: one CLI execution on a farm serial vs the same on the device directly, alternated.
// The stand-in is TypeScript: run with a Node that strips types (>= 22.18 or 23.6), after `npm run build`:
//   node bench/stf-scale.mjs            (AGENTS=16 ROUNDS=7 by default)
import { execa } from "execa";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { median } from "./median.mjs";
import { bin, privateAdb } from "./private-adb.mjs";

if (!process.features.typescript)
  throw new Error(`this bench imports the stand-in farm (.ts): run it with Node >= 22.18 (this is ${process.version})`);
const { startStandInFarm } = await import("../test/helpers/stf/stand-in-farm.ts");

const AGENTS = Number(process.env.AGENTS ?? 16);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const TOKEN = "bench-stf-token-0123456789";

const host = await privateAdb({ prefix: "clawperator-bench-stf-", env: () => ({ CLAWPERATOR_STF_TOKEN: TOKEN }) });
const remotes = [];
let farm;
try {
  for (let i = 0; i < AGENTS; i++) remotes.push(host.startDevice().serial);
  // Phase 3's direct runs use a device of their own: releasing a farm device disconnects its remote address.
  const direct = host.startDevice().serial;
  host.adb(["connect", direct]);
  const serials = remotes.map((_, i) => `farm-${String(i + 1).padStart(3, "0")}`);
  farm = await startStandInFarm({
    devices: serials.map((serial, i) => ({ serial, remote: remotes[i] })),
    users: { [TOKEN]: "bench@example.invalid" },
  });
  const config = join(host.home, "stf.json");
  writeFileSync(config, JSON.stringify({ stf: { url: farm.url } }));
  const execution = (actions) =>
    JSON.stringify({
      commandId: `bench-${Math.random().toString(36).slice(2)}`,
      taskId: "stf-scale",
      source: "bench",
      expectedFormat: "android-ui-automator",
      timeoutMs: 60_000,
      actions,
    });
  const snapshot = execution([{ id: "s", type: "snapshot_ui" }]);
  /** One CLI execution; `farmConfig: false` runs it as a user without a farm (no stf plugin configured). */
  const cli = (deviceId, payload, { farmConfig = true } = {}) =>
    execa(
      process.execPath,
      [
        bin,
        "execute",
        "--execution",
        payload,
        "--device-id",
        deviceId,
        ...(farmConfig ? ["--config", config] : []),
        "--json",
      ],
      { reject: false },
    );
  const held = () => serials.filter((s) => farm.owner(s) !== undefined);
  const connected = () =>
    host
      .adb(["devices"])
      .split("\n")
      .filter((l) => remotes.some((r) => l.startsWith(`${r}\t`)));
  const problems = [];

  // 1. At once.
  farm.holdReleasesUntil(AGENTS, 120_000);
  const started = performance.now();
  const runs = await Promise.all(serials.map(() => cli("stf:any", snapshot)));
  const wallMs = performance.now() - started;
  const bodies = runs.map((r) => {
    try {
      return JSON.parse(r.stdout);
    } catch {
      return { ok: false, stdout: r.stdout.slice(0, 200), stderr: r.stderr.slice(-200) };
    }
  });
  const failed = bodies.filter((b) => b.ok !== true);
  const distinct = new Set(bodies.map((b) => b.deviceId)).size;
  if (failed.length) problems.push(`${failed.length} of ${AGENTS} agents failed: ${JSON.stringify(failed[0])}`);
  if (distinct !== AGENTS) problems.push(`${AGENTS} agents ran on ${distinct} distinct devices`);
  const leftAfterPhase1 = held();
  if (connected().length) problems.push(`remote connections left after phase 1: ${connected().join(", ")}`);
  if (leftAfterPhase1.length) problems.push(`leases left after phase 1: ${leftAfterPhase1.join(", ")}`);
  const retries = bodies.map((b) => b.lease?.retries ?? 0);
  const resolveMs = bodies.map((b) => b.timings?.resolveMs ?? Number.NaN);

  // 3. Overhead per session, alternated (before phase 2, whose sleeps the devices go on running after their agents):
  // a farm serial with the farm configured, against the device directly without it: farm serial, then the device directly.
  const farmMs = [];
  const directMs = [];
  const leaseMs = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    const viaFarm = await cli("stf:farm-001", snapshot);
    farmMs.push(performance.now() - t);
    const body = JSON.parse(viaFarm.stdout);
    if (body.ok !== true) problems.push(`farm round ${i} failed: ${viaFarm.stdout.slice(0, 200)}`);
    leaseMs.push(body.timings?.leaseMs ?? Number.NaN);
    t = performance.now();
    const onDevice = await cli(direct, snapshot, { farmConfig: false });
    directMs.push(performance.now() - t);
    if (JSON.parse(onDevice.stdout).ok !== true)
      problems.push(`direct round ${i} failed: ${onDevice.stdout.slice(0, 200)}`);
  }
  // 2. SIGTERM while every agent holds its lease (a sleep step keeps each execution running).
  const long = execution([{ id: "wait", type: "sleep", params: { durationMs: 30_000 } }]);
  const agents = serials.map(() => cli("stf:any", long));
  const allHeld = await new Promise((done) => {
    const bound = setTimeout(() => done(false), 120_000);
    const poll = setInterval(() => {
      if (held().length < AGENTS) return;
      clearInterval(poll);
      clearTimeout(bound);
      done(true);
    }, 50);
  });
  if (!allHeld) problems.push(`only ${held().length} of ${AGENTS} agents held a lease within 120 s`);
  const signalled = performance.now();
  for (const agent of agents) agent.kill("SIGTERM");
  const ended = await Promise.all(agents);
  const releaseMs = performance.now() - signalled;
  const leaked = held();
  if (leaked.length) problems.push(`leases left after SIGTERM: ${leaked.join(", ")}`);
  if (connected().length) problems.push(`remote connections left on the adb server: ${connected().join(", ")}`);
  const exits = [...new Set(ended.map((e) => (e.signal ? e.signal : `exit ${e.exitCode}`)))].join(", ");

  if (farm.problems().length) problems.push(`api_v1.yaml disagreements: ${farm.problems().slice(0, 3).join("; ")}`);

  const f = (ms) => `${Math.round(ms)} ms`;
  console.log(`agents/devices: ${AGENTS}; ${process.version}; ${new Date().toISOString()}`);
  console.log(`| phase | figure |\n|---|---|`);
  console.log(
    `| ${AGENTS} agents at once on stf:any | ${AGENTS - failed.length} ok, ${distinct} distinct devices, wall ${f(wallMs)} |`,
  );
  console.log(
    `| busy retries per agent (403 → next device) | median ${median(retries)}, max ${Math.max(...retries)} |`,
  );
  console.log(
    `| resolve incl. lease + connect, per agent at once | median ${f(median(resolveMs))}, max ${f(Math.max(...resolveMs))} |`,
  );
  console.log(`| leases left after phase 1 | ${leftAfterPhase1.length} |`);
  console.log(
    `| SIGTERM to ${AGENTS} agents holding leases | exits: ${exits}; all ended in ${f(releaseMs)}; leases left ${leaked.length}; remote connections left ${connected().length} |`,
  );
  console.log(
    `| one CLI execution, farm serial vs direct (${ROUNDS} alternated rounds) | ${f(median(farmMs))} vs ${f(median(directMs))}: overhead ${f(median(farmMs) - median(directMs))} (${(median(farmMs) / median(directMs)).toFixed(2)}x) |`,
  );
  console.log(
    `| timings.leaseMs (reserve, key, remoteConnect, adb connect, device ready) | median ${f(median(leaseMs))} |`,
  );
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exitCode = 1;
  }
} finally {
  await farm?.close();
  await execa(process.execPath, [bin, "virtual", "stop", "--all"], { reject: false });
  host.close();
}
