import { lstatSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeFrame, Frame } from "../../../core/daemon/frames.ts";
import { freePort } from "../../helpers/free-port.ts";
import { running as alive } from "../../helpers/process-running.ts";
import { CLI_BIN } from "../../helpers/cli-paths.ts";
import { type CliResult, runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-daemon-");
let home = "";
let project = "";
let adbPort = 0;

/** The CLI with the warm runtime (`on`) or in process, everything else the same. */
function run(args: string[], on: boolean, options: { cwd?: string; input?: string } = {}): Promise<CliResult> {
  return runCli(args, {
    cwd: options.cwd ?? project,
    env: {
      HOME: home,
      TMPDIR: home,
      ANDROID_ADB_SERVER_PORT: String(adbPort),
      CLAWPERATOR_NO_DAEMON: on ? "0" : "1",
    },
    ...(options.input === undefined ? {} : { input: options.input }),
  });
}

interface Status {
  running: boolean;
  pid?: number;
  requests?: number;
  busy?: boolean;
}
const status = async () => JSON.parse((await run(["daemon", "status"], false)).stdout) as Status;
const runDir = () => join(home, ".clawperator", "run");

beforeAll(async () => {
  [home, project, adbPort] = await Promise.all([makeDir(), makeDir(), freePort()]);
});
afterAll(async () => {
  const { pid } = await status();
  expect(JSON.parse((await run(["daemon", "stop"], false)).stdout)).toEqual({ stopped: true, pid });
  while (alive(pid!)) await new Promise((resolve) => setImmediate(resolve));
});

describe("the warm runtime answers as the in-process CLI does", () => {
  const calls: Array<{ args: string[]; input?: string }> = [
    { args: ["--help"] },
    { args: ["execute", "--help"] },
    { args: ["no-such-command"] },
    { args: ["--output", "pretty", "no-such-command"] },
    { args: ["execute", "--validate-only", "--execution", "{"] },
    { args: ["execute", "--validate-only", "--execution", "-"], input: '{"commandId":"x"}' },
    { args: ["virtual", "list"] },
  ];
  for (const { args, input } of calls) {
    it(`clawperator ${args.join(" ")}: same stdout, stderr and exit code`, async () => {
      const on = await run(args, true, input === undefined ? {} : { input });
      const off = await run(args, false, input === undefined ? {} : { input });
      expect(on).toEqual(off);
    });
  }

  it("served them from one runtime, whose socket, token and directory are this user's alone", async () => {
    const { running, pid, requests } = await status();
    expect(running).toBe(true);
    expect(alive(pid!)).toBe(true);
    expect(requests).toBeGreaterThanOrEqual(7);
    expect(lstatSync(runDir()).mode & 0o777).toBe(0o700);
    expect(lstatSync(join(runDir(), "daemon.sock")).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(runDir(), "daemon.token")).mode & 0o777).toBe(0o600);
  });

  it("evaluates the config of each call's own directory, and sees it edited", async () => {
    const [a, b] = await Promise.all([makeDir(), makeDir()]);
    await writeFile(join(a, "clawperator.config.mjs"), 'export default { disablePlugins: ["doctor"] };\n');
    await writeFile(join(b, "clawperator.config.mjs"), "export default {};\n");
    const inA = await run(["doctor", "--help"], true, { cwd: a });
    const inB = await run(["doctor", "--help"], true, { cwd: b });
    expect(inA.exitCode).toBe(1);
    expect(JSON.parse(inA.stdout).code).toBe("USAGE");
    expect(inB.exitCode).toBe(0);
    await writeFile(join(b, "clawperator.config.mjs"), 'export default { disablePlugins: ["doctor"] };\n');
    expect((await run(["doctor", "--help"], true, { cwd: b })).exitCode).toBe(1);
  });
});

describe("the runtime is private and survives its clients", () => {
  it("closes a connection whose token is wrong without running anything", async () => {
    const before = (await status()).requests!;
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(join(runDir(), "daemon.sock"));
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
      });
      socket.on("close", () => resolve(received));
      socket.on("error", () => resolve(received));
      const request = { token: "0".repeat(64), build: "x", argv: ["--help"], cwd: project, env: {} };
      socket.write(encodeFrame(Frame.request, JSON.stringify(request)));
    });
    expect(closed).toBe("");
    expect((await status()).requests).toBe(before);
  });

  it("a client killed while its command waits for stdin leaves the runtime serving the next call", async () => {
    const { requests: before } = await status();
    const client = execa(process.execPath, [CLI_BIN, "execute", "--validate-only", "--execution", "-"], {
      cwd: project,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TMPDIR: home, CLAWPERATOR_NO_DAEMON: "0" },
      extendEnv: false,
      stdin: "pipe",
      reject: false,
    });
    // The request is in the runtime once its count moved; the client's stdin (a pipe) stays open.
    while ((await status()).requests === before) await new Promise((resolve) => setImmediate(resolve));
    client.kill("SIGKILL");
    await client;
    while ((await status()).busy) await new Promise((resolve) => setImmediate(resolve));
    const next = await run(["--help"], true);
    expect(next.exitCode).toBe(0);
    expect((await status()).requests).toBe(before! + 2);
  });

  it("a runtime that died is replaced by the next call", async () => {
    const { pid } = await status();
    process.kill(pid!, "SIGKILL");
    while (alive(pid!)) await new Promise((resolve) => setImmediate(resolve));
    const result = await run(["--help"], true);
    expect(result.exitCode).toBe(0);
    const after = await status();
    expect(after.running).toBe(true);
    expect(after.pid).not.toBe(pid);
    expect(readFileSync(join(runDir(), "daemon.token"), "utf8")).toHaveLength(64);
  });
});
