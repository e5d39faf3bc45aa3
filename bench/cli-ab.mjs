// The acceptance figure (CLI `observe snapshot` / floor: `node -e 0` + 2 x `adb shell echo`) with every command
// interleaved, round by round, so that load from other processes falls on all of them alike; for several builds
// (another checkout's root, built), also `--version`, `--help` and `devices`. Figures are medians; the paired
// difference is the median of each round's difference to the first build. The CPU column is each Node process's
// own user + system time, read when it exits (a preloaded exit hook): a loaded machine stretches wall time far more
// than CPU time. Run from this checkout's root (its config is used):
//   npm run build && node bench/cli-ab.mjs [<other checkout root> ...]      RUNS=<rounds> (default 21)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { bin, privateAdb, root } from "./private-adb.mjs";
import { median } from "./median.mjs";

const runs = Number(process.env.RUNS ?? 21);
const builds = [["this", bin], ...process.argv.slice(2).map((dir) => [dir, join(resolve(dir), "dist/cli/bin.cjs")])];
const host = await privateAdb({ prefix: "clawperator-ab-" });
const { serial } = host.startDevice();

const cpuFile = join(host.home, "cpu-ms");
const cpuHook = join(host.home, "cpu-at-exit.cjs");
writeFileSync(
  cpuHook,
  `process.on("exit", () => { const u = process.cpuUsage(); ` +
    `require("fs").writeFileSync(${JSON.stringify(cpuFile)}, String((u.user + u.system) / 1000)); });`,
);
const nodeEnv = { ...process.env, NODE_OPTIONS: `--require ${cpuHook}` };

/** Wall ms, and for a Node process its CPU ms. */
const time = (file, args) => {
  const node = file === process.execPath || file.endsWith(".js");
  writeFileSync(cpuFile, "");
  const start = process.hrtime.bigint();
  try {
    execFileSync(file, args, { stdio: "ignore", cwd: root, ...(node ? { env: nodeEnv } : {}) });
  } catch {
    // a failing command still counts: we time the process, not its verdict
  }
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  return { wall, cpu: node ? Number(readFileSync(cpuFile, "utf8")) : undefined };
};

try {
  const commands = [
    ["`node -e 0`", process.execPath, ["-e", "0"]],
    ["`adb shell echo hi`", "adb", ["-s", serial, "shell", "echo", "hi"]],
    ...builds.flatMap(([name, file]) => [
      [`${name}: observe snapshot`, file, ["observe", "snapshot", "--device-id", serial, "--json"]],
      ...(builds.length > 1
        ? [
            [`${name}: --version`, file, ["--version"]],
            [`${name}: --help`, file, ["--help"]],
            [`${name}: devices`, file, ["devices", "--json"]],
          ]
        : []),
    ]),
  ];
  const times = new Map(commands.map(([name]) => [name, []]));
  const cpus = new Map(commands.map(([name]) => [name, []]));
  for (const [, file, args] of commands) time(file, args); // warm-up: the start-up caches fill
  for (let round = 0; round < runs; round++) {
    for (const [name, file, args] of round % 2 ? [...commands].reverse() : commands) {
      const { wall, cpu } = time(file, args);
      times.get(name).push(wall);
      if (cpu !== undefined) cpus.get(name).push(cpu);
    }
  }
  const floor = median(times.get("`node -e 0`")) + 2 * median(times.get("`adb shell echo hi`"));
  const paired = (samples, name, what) => {
    const first = samples.get(`${builds[0][0]}: ${what}`);
    const mine = samples.get(name);
    return mine.length ? median(mine.map((ms, i) => ms - first[i])).toFixed(1) : "";
  };
  console.log(
    `| command | median of ${runs} (ms) | × floor | paired vs ${builds[0][0]} (ms) | CPU (ms) | CPU paired (ms) |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [name] of commands) {
    const [build, what] = name.split(": ");
    const other = what && build !== builds[0][0];
    const ratio = what === "observe snapshot" ? (median(times.get(name)) / floor).toFixed(2) : "";
    const cpu = cpus.get(name).length ? median(cpus.get(name)).toFixed(1) : "";
    console.log(
      `| ${name} | ${median(times.get(name)).toFixed(1)} | ${ratio} | ${other ? paired(times, name, what) : ""} | ` +
        `${cpu} | ${other ? paired(cpus, name, what) : ""} |`,
    );
  }
  console.log(`| floor: node -e 0 + 2 x adb shell echo | ${floor.toFixed(1)} | 1.00 | | | |`);
} finally {
  execFileSync(process.execPath, [bin, "virtual", "stop", serial]);
  host.close();
}
