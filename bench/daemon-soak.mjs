// The warm runtime over many requests (issue 28: "no file descriptor or memory growth over 10,000 requests"): one
// runtime, REQUESTS calls of `version` and of an unknown command through the real client module, its open file
// descriptors and resident memory read from /proc every 1,000.
// Run: npm run build && node bench/daemon-soak.mjs      REQUESTS=10000 (Linux: reads /proc/<pid>)
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, root } from "./private-adb.mjs";

const REQUESTS = Number(process.env.REQUESTS ?? 10_000);
const home = mkdtempSync(join(tmpdir(), "clawperator-bench-soak-"));
const env = { ...process.env, HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator"), CLAWPERATOR_NO_DAEMON: "" };
const cli = (args) => execFileSync(process.execPath, [bin, ...args], { env, encoding: "utf8" });
try {
  cli(["version"]);
  const { pid } = JSON.parse(cli(["daemon", "status"]));
  const sample = () => ({
    fds: readdirSync(`/proc/${pid}/fd`).length,
    rssMb: Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024,
  });
  // One client process sends them all, as many CLI calls would one after the other; its stdout is discarded.
  const loop = `
    const { runViaRuntime } = await import(${JSON.stringify(join(root, "dist/cli/daemon/client.js"))});
    const none = async () => { throw new Error("the runtime was lost"); };
    for (let i = 1; i <= ${REQUESTS}; i++) {
      const code = await runViaRuntime(i % 2 ? ["version"] : ["no-such-command"], ${JSON.stringify(bin)}, none);
      if (code !== (i % 2 ? 0 : 1)) throw new Error("request " + i + " answered " + code);
      if (i % 1000 === 0) process.stderr.write(i + "\\n");
    }`;
  const rows = [{ requests: 0, ...sample() }];
  const start = performance.now();
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", loop], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr.on("data", (chunk) => {
      for (const line of String(chunk).trim().split("\n"))
        if (/^\d+$/.test(line)) rows.push({ requests: Number(line), ...sample() });
        else process.stderr.write(`${line}\n`);
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the client loop exited ${code}`))));
  });
  const seconds = (performance.now() - start) / 1000;
  console.log(`| requests | runtime fds | runtime RSS (MB) |\n|---:|---:|---:|`);
  for (const r of rows) console.log(`| ${r.requests} | ${r.fds} | ${r.rssMb.toFixed(1)} |`);
  console.log(
    `\n${REQUESTS} requests in ${seconds.toFixed(1)} s (${((seconds * 1000) / REQUESTS).toFixed(2)} ms each)`,
  );
} finally {
  try {
    cli(["daemon", "stop"]);
  } catch {
    // already gone
  }
  rmSync(home, { recursive: true, force: true });
}
