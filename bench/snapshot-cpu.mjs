// CPU per API snapshot, home screen against the 504-node fixture screen: the host process, the device's process
// and the adb server, which a loaded machine inflates far less than wall time. Linux only (/proc, ss).
// Run: npm run build && node bench/snapshot-cpu.mjs
// Another build side by side: CLAWPERATOR_ROOT=<checkout, built> node bench/snapshot-cpu.mjs
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { privateAdb, root as here } from "./private-adb.mjs";

const root = resolve(process.env.CLAWPERATOR_ROOT ?? here);
const bin = join(root, "dist/cli/bin.cjs");
const { createClawperator } = await import(join(root, "dist/index.js"));
const { defaultScenario } = await import(join(root, "dist/android/virtual/scenario/builtin/default.js"));
const snapshots = Number(process.env.N ?? 200);

const host = await privateAdb({ prefix: "clawperator-bench-cpu-" });
const started = [];
try {
  const big = defaultScenario();
  big.apps.push({ package: "com.xiangzi.jukandian", label: "Jukandian", launchScreen: "big" });
  big.screens.big = { file: join(here, "test/fixtures/hierarchy/jukandian_article_webview_cjk_504nodes.xml") };
  big.home = "big";
  const bigFile = join(host.home, "big.json");
  writeFileSync(bigFile, JSON.stringify(big));
  const start = (...args) => {
    const device = JSON.parse(
      execFileSync(process.execPath, [bin, "virtual", "start", "--detach", ...args], { encoding: "utf8" }),
    );
    started.push(device.serial);
    return device;
  };
  const devices = { home: start(), fixture: start("--scenario", bigFile) };
  const pidOf = (serial) =>
    JSON.parse(readFileSync(join(host.home, ".clawperator", "virtual", `${encodeURIComponent(serial)}.json`), "utf8"))
      .pid;
  const adbPid = Number(
    execFileSync("sh", ["-c", `ss -ltnp | grep ':${host.adbPort} ' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`], {
      encoding: "utf8",
    }),
  );
  const cpuMs = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const api = await createClawperator({ cwd: host.home });
  console.log(`${root}, ${snapshots} snapshots per row, ms per snapshot\n`);
  console.log("| screen | wall | host CPU | device CPU | adb server CPU |");
  console.log("|---|---:|---:|---:|---:|");
  for (const name of ["home", "fixture", "home", "fixture"]) {
    const { serial } = devices[name];
    for (let i = 0; i < 10; i++) await api.snapshot({ deviceId: serial });
    const device = pidOf(serial);
    const [host0, device0, adb0, wall0] = [process.cpuUsage(), cpuMs(device), cpuMs(adbPid), performance.now()];
    for (let i = 0; i < snapshots; i++) await api.snapshot({ deviceId: serial });
    const hostUs = process.cpuUsage(host0);
    const per = (ms) => (ms / snapshots).toFixed(2);
    console.log(
      `| ${name} | ${per(performance.now() - wall0)} | ${per((hostUs.user + hostUs.system) / 1000)} | ` +
        `${per(cpuMs(device) - device0)} | ${per(cpuMs(adbPid) - adb0)} |`,
    );
  }
  await api.close();
} finally {
  for (const serial of started) execFileSync(process.execPath, [bin, "virtual", "stop", serial], { stdio: "ignore" });
  host.close();
}
