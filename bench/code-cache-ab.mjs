// Daemon off, two builds alternately: `observe snapshot` against the floor (`node -e 0` + two `adb shell echo`) on a
// virtual device, one HOME for both (each build's code cache is warm after its first call).
// Run: npm run build && node bench/code-cache-ab.mjs <before>/dist/cli/bin.cjs <after>/dist/cli/bin.cjs   ROUNDS=15
import { execFileSync } from "node:child_process";
import { privateAdb } from "./private-adb.mjs";
import { median } from "./median.mjs";

const [a, b] = process.argv.slice(2);
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const host = await privateAdb({ prefix: "clawperator-bench-cc-" });
const { serial } = host.startDevice();
const time = (file, args, env = {}) => {
  const start = performance.now();
  execFileSync(file, args, { stdio: "ignore", env: { ...process.env, ...env } });
  return performance.now() - start;
};
const snapshot = (bin) =>
  time(process.execPath, [bin, "observe", "snapshot", "--device-id", serial, "--json"], { CLAWPERATOR_NO_DAEMON: "1" });
const floor = () => time(process.execPath, ["-e", "0"]) + time("adb", ["-s", serial, "shell", "echo", "hi"]) * 2;
try {
  for (const bin of [a, b, a, b]) snapshot(bin);
  const [A, B, F] = [[], [], []];
  for (let i = 0; i < ROUNDS; i++) {
    F.push(floor());
    A.push(snapshot(a));
    B.push(snapshot(b));
  }
  const ratio = (values) => median(values.map((v, i) => v / F[i])).toFixed(2);
  console.log(
    `| floor ${median(F).toFixed(1)} ms | A ${median(A).toFixed(1)} ms, ${ratio(A)}x | B ${median(B).toFixed(1)} ms, ${ratio(B)}x |`,
  );
} finally {
  execFileSync(process.execPath, [a, "virtual", "stop", "--all"], {
    stdio: "ignore",
    env: { ...process.env, CLAWPERATOR_NO_DAEMON: "1" },
  });
  host.close();
}
