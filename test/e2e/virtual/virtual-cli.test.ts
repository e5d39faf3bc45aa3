import { existsSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freeEmulatorPort } from "../../helpers/free-port.ts";
import { STACK_FRAME } from "../../helpers/run-cli.ts";
import type { VirtualDeviceRecord } from "../../../plugins/virtual/registry.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { childrenOf, exited, isListening, isRunning } from "./processes.ts";
import { OutputWatcher } from "./streams.ts";

const session = virtualSession({ emulatorDiscovery: true });
const makeDir = tempDirs("clawperator-e2e-cli-");

/** Pids of every device this file started in the background, stopped at the end even when a test failed. */
const started = new Set<number>();

const { cli, json } = session;

async function startDetached(args: string[] = []): Promise<VirtualDeviceRecord> {
  const result = await json<VirtualDeviceRecord>(["virtual", "start", "--detach", ...args]);
  expect(result.exitCode).toBe(0);
  started.add(result.body.pid);
  return result.body;
}

async function stop(record: VirtualDeviceRecord): Promise<void> {
  const result = await json(["virtual", "stop", record.serial]);
  expect(result).toMatchObject({ exitCode: 0, body: { ok: true, stopped: [record.serial] } });
  started.delete(record.pid);
}

const listed = async () => (await json<VirtualDeviceRecord[]>(["virtual", "list"])).body.map((record) => record.serial);

afterAll(async () => {
  await cli(["virtual", "stop", "--all"]);
  for (const pid of started) if (isRunning(pid)) process.kill(pid, "SIGKILL");
});

describe("clawperator virtual start / list / stop", () => {
  it("start --detach prints the device record, adb lists it, list shows it, stop ends its process and closes its port", async () => {
    const record = await startDetached();
    expect(record).toEqual({
      serial: `127.0.0.1:${record.port}`,
      pid: expect.any(Number),
      port: expect.any(Number),
      scenario: "default",
      emulator: false,
      adbServerPort: session.harness.serverPort,
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      log: expect.any(String),
    });
    expect(record.pid).not.toBe(process.pid);
    expect(isRunning(record.pid)).toBe(true);
    expect((await session.harness.devices()).get(record.serial)).toBe("device");
    expect(String((await session.harness.adb(["-s", record.serial, "shell", "getprop ro.product.model"])).stdout)).toBe(
      "Clawperator Virtual Device",
    );

    const list = await json<VirtualDeviceRecord[]>(["virtual", "list"]);
    expect(list.exitCode).toBe(0);
    expect(list.body).toContainEqual(record);

    await stop(record);
    expect(await isListening(record.port)).toBe(false);
    await exited(record.pid);
    expect(await listed()).not.toContain(record.serial);
    await session.harness.waitForDevices((devices) => devices.get(record.serial) !== "device");
  });

  it("stop takes --device-id like every other command, and removes the log the device never wrote to; records are private", async () => {
    const record = await startDetached();
    const home = join(session.harness.home, ".clawperator");
    expect(statSync(join(home, "virtual")).mode & 0o777).toBe(0o700);
    expect(statSync(join(home, "virtual", `${encodeURIComponent(record.serial)}.json`)).mode & 0o777).toBe(0o600);
    expect(statSync(record.log!).mode & 0o777).toBe(0o600);
    expect(statSync(record.log!).size).toBe(0);
    const result = await json(["virtual", "stop", "--device-id", record.serial]);
    expect(result).toMatchObject({ exitCode: 0, body: { ok: true, stopped: [record.serial] } });
    started.delete(record.pid);
    expect(existsSync(record.log!)).toBe(false);
    const conflicting = await json<{ code: string }>(["virtual", "stop", "127.0.0.1:1", "--device-id", "127.0.0.1:2"]);
    expect(conflicting).toMatchObject({ exitCode: 1, body: { code: "USAGE" } });
  });

  it("--output pretty prints just the serial", async () => {
    const result = await cli(["virtual", "start", "--detach", "--output", "pretty"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^127\.0\.0\.1:\d+$/);
    const record = (await json<VirtualDeviceRecord[]>(["virtual", "list"])).body.find(
      (r) => r.serial === result.stdout,
    )!;
    started.add(record.pid);
    await stop(record);
  });

  it("--emulator: appears as emulator-<port-1> and stop closes both its ports", async () => {
    const port = await freeEmulatorPort();
    const record = await startDetached(["--emulator", "--port", String(port)]);
    expect(record).toMatchObject({ serial: `emulator-${port - 1}`, port, consolePort: port - 1, emulator: true });
    expect((await session.harness.devices()).get(record.serial)).toBe("device");
    expect(String((await session.harness.adb(["-s", record.serial, "emu", "avd", "name"])).stdout)).toBe(
      "clawperator_default\r\nOK",
    );

    await stop(record);
    expect(await isListening(port)).toBe(false);
    expect(await isListening(port - 1)).toBe(false);
    await exited(record.pid);
  });

  it("--emulator: `adb emu kill` ends the device process and its record", async () => {
    const record = await startDetached(["--emulator", "--port", String(await freeEmulatorPort())]);
    const kill = await session.harness.adb(["-s", record.serial, "emu", "kill"]);
    expect(kill.exitCode).toBe(0);
    await exited(record.pid);
    started.delete(record.pid);
    expect(await listed()).not.toContain(record.serial);
    await session.harness.waitForDevices((devices) => !devices.has(record.serial));
  });

  it("--unauthorized: adb lists the device as unauthorized", async () => {
    const record = await startDetached(["--unauthorized"]);
    expect((await session.harness.devices()).get(record.serial)).toBe("unauthorized");
    await stop(record);
    await exited(record.pid);
  });

  it("stop of an unknown serial fails with DEVICE_NOT_FOUND", async () => {
    const result = await json(["virtual", "stop", "127.0.0.1:1"]);
    expect(result.exitCode).toBe(1);
    expect(result.body).toMatchObject({ code: "DEVICE_NOT_FOUND" });
  });
});

describe("a bad scenario file", () => {
  const NODE =
    `<node index="0" text="Go" resource-id="" class="android.widget.Button" package="com.example.app" ` +
    `content-desc="" clickable="true" enabled="true" bounds="[0,0][1080,2400]" />`;
  const BAD = [
    "apps:",
    "  - package: com.example.app",
    "    label: App",
    "home: main",
    "screens:",
    "  main:",
    `    hierarchy_xml: '<hierarchy rotation="0">${NODE}</hierarchy>'`,
    "    transitions:",
    "      - click: {textEquals: Go}",
    "        to: nowhere",
    "",
  ].join("\n");

  it.each([[[] as string[]], [["--detach"]]])(
    "is refused with a JSON error naming the key path (extra flags: %j)",
    async (flags) => {
      const file = join(await makeDir(), "bad.yaml");
      await writeFile(file, BAD);
      const before = await listed();
      const result = await cli(["virtual", "start", "--scenario", file, ...flags]);
      expect(result.exitCode).toBe(1);
      expect(result.stdout).not.toMatch(STACK_FRAME);
      const error = JSON.parse(result.stdout) as { code: string; message: string; hint?: string };
      expect(typeof error.code).toBe("string");
      // A mistake in the user's file is not a bug in clawperator.
      expect(error.code).not.toBe("INTERNAL_ERROR");
      expect(error.message).toContain(file);
      expect(error.message).toContain("screens.main.transitions.0.to");
      expect(error.message).toContain('unknown screen "nowhere"');
      expect(await listed()).toEqual(before);
    },
  );
});

describe("a device in the foreground", () => {
  it("stops cleanly on SIGTERM: exit 0, port closed, adb forgets it, no record and no child left", async () => {
    const child = session.spawn(["virtual", "start"]);
    started.add(child.pid!);
    const output = new OutputWatcher(child.stdout!);
    const record = JSON.parse((await output.includes("\n")).split("\n")[0]!) as VirtualDeviceRecord;
    expect(record.pid).toBe(child.pid);
    expect((await session.harness.devices()).get(record.serial)).toBe("device");
    const children = childrenOf(child.pid!);

    child.kill("SIGTERM");
    const exit = await child;
    expect(exit.exitCode).toBe(0);
    expect(exit.stderr).not.toMatch(STACK_FRAME);
    expect(await isListening(record.port)).toBe(false);
    for (const pid of children) expect(isRunning(pid)).toBe(false);
    expect(await listed()).not.toContain(record.serial);
    expect((await session.harness.devices()).has(record.serial)).toBe(false);
  });
});
