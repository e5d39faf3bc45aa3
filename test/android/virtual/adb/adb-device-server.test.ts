import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdbDeviceServer } from "../../../../android/virtual/adb/index.ts";
import { AdbHarness } from "../../../helpers/adb-harness.ts";
import { StubServices, bigOutput } from "./stub-services.ts";

describe("AdbDeviceServer through the real adb", () => {
  let harness: AdbHarness;
  const services = new StubServices();
  const device = new AdbDeviceServer(services);
  let serial: string;
  const shell = (...args: string[]) => harness.adb(["-s", serial, "shell", ...args]);

  beforeAll(async () => {
    harness = await AdbHarness.start();
    serial = `127.0.0.1:${await device.listen()}`;
    const connect = await harness.adb(["connect", serial]);
    expect(connect.stdout).toBe(`connected to ${serial}`);
  });

  afterAll(async () => {
    await harness?.stop();
    await device.close();
  });

  it("is listed as a device with the banner's product, model and device", async () => {
    const { stdout } = await harness.adb(["devices", "-l"]);
    const row = String(stdout)
      .split("\n")
      .find((line) => line.startsWith(serial));
    expect(row).toMatch(/\sdevice product:vproduct model:Virtual_Pixel device:vdevice transport_id:\d+$/);
  });

  it("runs shell commands and propagates exit codes, with stderr kept apart", async () => {
    const echo = await shell("echo", "hi", "there");
    expect([echo.stdout, echo.stderr, echo.exitCode]).toEqual(["hi there", "", 0]);
    expect((await shell("exit", "42")).exitCode).toBe(42);
    const fail = await shell("fail");
    expect([fail.stdout, fail.stderr, fail.exitCode]).toEqual(["to stdout", "to stderr", 3]);
    const missing = await shell("nosuchcommand");
    expect([missing.stderr, missing.exitCode]).toEqual([
      "/system/bin/sh: nosuchcommand: inaccessible or not found",
      127,
    ]);
  });

  it("joins adb's argv with spaces into one command line, as adbd receives it", async () => {
    await shell("echo", "'a b'", "c");
    expect(services.runs.at(-1)?.commandLine).toBe("echo 'a b' c");
  });

  it("returns exact binary bytes through exec-out", async () => {
    const bytes = await harness.adbBytes(["-s", serial, "exec-out", "bytes"]);
    expect(bytes).toEqual(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
  });

  it("delivers 1.5 MB of output intact, through shell_v2 and exec-out", async () => {
    const expected = bigOutput();
    expect((await harness.adbBytes(["-s", serial, "shell", "big"])).equals(expected)).toBe(true);
    expect((await harness.adbBytes(["-s", serial, "exec-out", "big"])).equals(expected)).toBe(true);
  });

  it("serves 20 concurrent adb shell invocations, each with its own output and exit code", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => harness.adb(["-s", serial, "shell", i % 2 ? `echo n${i}` : `exit ${i}`])),
    );
    results.forEach((result, i) => {
      expect(result.stdout).toBe(i % 2 ? `n${i}` : "");
      expect(result.exitCode).toBe(i % 2 ? 0 : i);
    });
  });

  it("pipes stdin to the command and ends it when the client's stdin ends", async () => {
    const input = Buffer.concat([Buffer.from("line one\nline two\n"), Buffer.alloc(300_000, 0x61)]);
    const result = await harness.spawn(["-s", serial, "shell", "cat"], { input });
    expect(Buffer.from(result.stdout).equals(input)).toBe(true);
    expect(services.runs.at(-1)?.stdin.equals(input)).toBe(true);
  });

  it("installs: `adb install -r` streams the exact file bytes to `cmd package install -S <n>`", async () => {
    const apk = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7) & 0xff));
    const file = join(harness.home, "app.apk");
    await writeFile(file, apk);
    const result = await harness.adb(["-s", serial, "install", "-r", file]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Success");
    const run = services.runs.at(-1)!;
    expect(run.commandLine).toBe(`cmd package 'install' '-r' -S ${apk.length}`);
    expect(run.stdin.equals(apk)).toBe(true);
  });

  it("aborts the session when the client goes away mid-stream, and writes nothing more", async () => {
    const client = harness.spawn(["-s", serial, "shell", "stream"]);
    await new Promise<void>((resolve) => client.stdout!.once("data", () => resolve()));
    client.kill("SIGKILL");
    const run = await services.settled("stream");
    expect(run.aborted).toBe(true);
    // The transport is still healthy for the next command.
    expect((await shell("echo", "after")).stdout).toBe("after");
  });

  it("refuses an interactive shell with a message instead of hanging", async () => {
    const result = await harness.adb(["-s", serial, "shell"], { input: "" });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("no interactive shell");
  });
});

describe("a device without shell_v2", () => {
  let harness: AdbHarness;
  const services = new StubServices();
  const device = new AdbDeviceServer(services, { features: ["cmd"] });
  let serial: string;

  beforeAll(async () => {
    harness = await AdbHarness.start();
    serial = `127.0.0.1:${await device.listen()}`;
    await harness.adb(["connect", serial]);
  });

  afterAll(async () => {
    await harness?.stop();
    await device.close();
  });

  it("gets legacy `shell:` requests: stdout and stderr merged, no exit status", async () => {
    const fail = await harness.adb(["-s", serial, "shell", "fail"]);
    expect([fail.stdout, fail.stderr, fail.exitCode]).toEqual(["to stdout\nto stderr", "", 0]);
    expect(services.runs.at(-1)?.commandLine).toBe("fail");
    expect((await harness.adbBytes(["-s", serial, "shell", "big"])).equals(bigOutput())).toBe(true);
  });
});
