import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdbHarness } from "../../helpers/adb-harness.ts";
import { freePort } from "../../helpers/free-port.ts";
import { jsonAt } from "../../helpers/json-at.ts";
import { runCli } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { exited } from "../virtual/processes.ts";

/**
 * Every emulator command through the built CLI and real adb, against the SDK stand-in `virtual android-home` writes.
 * The adb server scans no emulator ports: the stand-in's emulators register themselves (`host:emulator:<port>`), as
 * real ones do, so emulators of other test files never show up here.
 */
const makeDir = tempDirs("clawperator-emu-e2e-");
let harness: AdbHarness;
let home: string;

beforeAll(async () => {
  harness = await AdbHarness.start();
  home = await makeDir();
});

afterAll(async () => {
  // A failed test may leave an emulator running: kill whatever this server still lists.
  for (const serial of (await harness.devices()).keys()) await harness.adb(["-s", serial, "emu", "kill"]);
  await harness.stop();
});

interface Run {
  exitCode: number;
  /** The parsed JSON document, or the text of pretty output. */
  body: unknown;
  stderr: string;
}

/** An SDK stand-in folder and the AVD folder beside it; each test has its own, so a failed one cannot spill over. */
interface Space {
  sdk: string;
  avd: string;
}

async function cli(
  space: Space,
  args: readonly string[],
  extraEnv: Record<string, string | undefined> = {},
): Promise<Run> {
  const env = {
    TMPDIR: home,
    ...harness.env,
    HOME: harness.home,
    CLAWPERATOR_HOME: join(home, "clawperator"),
    ANDROID_HOME: space.sdk,
    ANDROID_AVD_HOME: space.avd,
    ...extraEnv,
  };
  // An unset variable is left out, not passed as "undefined".
  const result = await runCli(args, {
    cwd: home,
    env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>,
  });
  let body: unknown = result.stdout;
  try {
    body = JSON.parse(result.stdout);
  } catch {
    // pretty output
  }
  return { exitCode: result.exitCode, body, stderr: result.stderr };
}

/** Writes (or rewrites) the space's SDK stand-in with these `virtual android-home` flags. */
async function sdkWith(name: string, ...flags: string[]): Promise<Space> {
  const space = { sdk: join(home, name, "sdk"), avd: join(home, name, "avd") };
  const run = await cli(space, ["virtual", "android-home", "--out", space.sdk, ...flags]);
  expect(run.exitCode, JSON.stringify(run.body)).toBe(0);
  return space;
}

/** The pid of the emulator running an AVD, from the lock file the (stand-in) emulator keeps in the AVD's folder. */
const emulatorPid = (space: Space, avd: string) =>
  Number(readFileSync(join(space.avd, `${avd}.avd`, "hardware-qemu.ini.lock"), "utf8"));

const avdIniFiles = (space: Space) =>
  existsSync(space.avd)
    ? readdirSync(space.avd)
        .filter((f) => f.endsWith(".ini"))
        .sort()
    : [];

describe("emulator commands through real adb and the SDK stand-in", () => {
  it("provision creates, boots and then reuses; stop and delete by AVD name", async () => {
    const sdk = await sdkWith("flow", "--boot-delay-ms", "300");
    expect((await cli(sdk, ["emulator", "list"])).body).toEqual({ avds: [] });

    const first = await cli(sdk, ["provision", "emulator", "--json"]);
    expect(first.exitCode, JSON.stringify(first.body)).toBe(0);
    expect(first.body).toMatchObject({
      type: "emulator",
      avdName: "clawperator-pixel",
      booted: true,
      created: true,
      started: true,
      reused: false,
    });
    const serial = jsonAt(first.body, "serial") as string;
    expect(serial).toMatch(/^emulator-55\d\d$/);
    expect((await harness.devices()).get(serial)).toBe("device");
    expect(String((await harness.adb(["-s", serial, "emu", "avd", "name"])).stdout)).toBe("clawperator-pixel\r\nOK");
    expect(
      String(
        (
          await harness.adb([
            "-s",
            serial,
            "shell",
            "getprop sys.boot_completed; getprop dev.bootcomplete; getprop ro.kernel.qemu",
          ])
        ).stdout,
      ),
    ).toBe("1\n1\n1");

    const pid = emulatorPid(sdk, "clawperator-pixel");
    const second = await cli(sdk, ["emulator", "provision"]);
    expect(second.body).toEqual({ ...(first.body as object), created: false, started: false, reused: true });
    expect(avdIniFiles(sdk)).toEqual(["clawperator-pixel.ini"]);

    expect((await cli(sdk, ["emulator", "status"])).body).toEqual({
      devices: [
        {
          type: "emulator",
          avdName: "clawperator-pixel",
          serial,
          booted: true,
          supported: true,
          unsupportedReasons: [],
        },
      ],
    });
    const list = await cli(sdk, ["emulator", "list"]);
    expect(jsonAt(list.body, "avds")).toEqual([
      expect.objectContaining({
        name: "clawperator-pixel",
        running: true,
        supported: true,
        apiLevel: 35,
        playStore: true,
        deviceProfile: "pixel_7",
      }),
    ]);

    const startAgain = await cli(sdk, ["emulator", "start", "clawperator-pixel"]);
    expect([startAgain.exitCode, jsonAt(startAgain.body, "code")]).toEqual([1, "EMULATOR_ALREADY_RUNNING"]);
    const deleteRunning = await cli(sdk, ["emulator", "delete", "clawperator-pixel"]);
    expect([deleteRunning.exitCode, jsonAt(deleteRunning.body, "code")]).toEqual([1, "EMULATOR_ALREADY_RUNNING"]);
    expect(avdIniFiles(sdk)).toEqual(["clawperator-pixel.ini"]);

    const stop = await cli(sdk, ["emulator", "stop", "clawperator-pixel"]);
    expect(stop.body).toEqual({ type: "emulator", avdName: "clawperator-pixel", serial, stopped: true });
    expect((await harness.devices()).has(serial)).toBe(false);
    // `emu kill` ends the emulator's process, not only its adb face.
    await exited(pid);
    expect(jsonAt((await cli(sdk, ["emulator", "stop", "clawperator-pixel"])).body, "code")).toBe(
      "EMULATOR_NOT_RUNNING",
    );

    // Started again from the stopped AVD, in pretty mode: the phases with their elapsed time on stderr.
    const pretty = await cli(sdk, ["emulator", "start", "clawperator-pixel", "--output", "pretty"]);
    expect(pretty.exitCode, pretty.stderr).toBe(0);
    expect(pretty.body).toMatch(/^clawperator-pixel booted as emulator-55\d\d$/);
    expect(pretty.stderr).toMatch(/\[emulator\] starting clawperator-pixel \(\d+\.\d s\)/);
    expect(pretty.stderr).toMatch(/\[emulator\] emulator-55\d\d booted \(\d+\.\d s\)/);
    expect((await cli(sdk, ["emulator", "stop", "clawperator-pixel"])).exitCode).toBe(0);

    expect((await cli(sdk, ["emulator", "delete", "clawperator-pixel"])).body).toEqual({
      avdName: "clawperator-pixel",
      deleted: true,
    });
    expect(avdIniFiles(sdk)).toEqual([]);
    expect(jsonAt((await cli(sdk, ["emulator", "inspect", "clawperator-pixel"])).body, "code")).toBe(
      "EMULATOR_NOT_FOUND",
    );
  });

  it("two provisions at once: one creates, the other waits and reuses it; one AVD", async () => {
    const sdk = await sdkWith("concurrent", "--boot-delay-ms", "300");
    const [a, b] = await Promise.all([cli(sdk, ["provision", "emulator"]), cli(sdk, ["provision", "emulator"])]);
    expect([a.exitCode, b.exitCode], JSON.stringify([a.body, b.body])).toEqual([0, 0]);
    expect([jsonAt(a.body, "created"), jsonAt(b.body, "created")].sort()).toEqual([false, true]);
    expect([jsonAt(a.body, "reused"), jsonAt(b.body, "reused")].sort()).toEqual([false, true]);
    expect(jsonAt(a.body, "serial")).toBe(jsonAt(b.body, "serial"));
    expect(avdIniFiles(sdk)).toEqual(["clawperator-pixel.ini"]);
    expect((await cli(sdk, ["emulator", "stop", "clawperator-pixel"])).exitCode).toBe(0);
  });

  it("ANDROID_SDK_TOOL_MISSING names the tool that is missing", async () => {
    const sdk = await sdkWith("no-emulator", "--omit", "emulator");
    const run = await cli(sdk, ["emulator", "list"]);
    expect(run.exitCode).toBe(1);
    expect(run.body).toMatchObject({ code: "ANDROID_SDK_TOOL_MISSING", details: { tool: "emulator" } });
    expect(jsonAt(run.body, "details", "searched")).toContain(join(sdk.sdk, "emulator", "emulator"));
    // Bad input to the stand-in writer is USAGE too, never a stack trace.
    const notAFolder = await cli(sdk, ["virtual", "android-home", "--out", join(sdk.sdk, "virtual-sdk.json", "x")]);
    expect([notAFolder.exitCode, jsonAt(notAFolder.body, "code")]).toEqual([1, "USAGE"]);
    expect(jsonAt((await cli(sdk, ["virtual", "android-home", "--out", sdk.sdk, "--omit", "adb"])).body, "code")).toBe(
      "USAGE",
    );
  });

  it("adb is found in the SDK's platform-tools when it is not on PATH, and named when it is nowhere", async () => {
    const sdk = await sdkWith("adb-in-sdk");
    expect(existsSync(join(sdk.sdk, "platform-tools", "adb"))).toBe(true);
    // A server on another port, so the CLI has to run adb to start it.
    const port = String(await freePort());
    const noPath = { PATH: "/nonexistent", ANDROID_ADB_SERVER_PORT: port };
    try {
      expect(await cli(sdk, ["emulator", "status"], noPath)).toMatchObject({ exitCode: 0, body: { devices: [] } });
    } finally {
      await execa("adb", ["-P", port, "kill-server"], { reject: false });
    }
    const nowhere = await cli({ sdk: "/nonexistent-sdk", avd: sdk.avd }, ["emulator", "status"], noPath);
    expect(nowhere.body).toMatchObject({ code: "ANDROID_SDK_TOOL_MISSING", details: { tool: "adb" } });
  });

  it("an unsupported AVD is listed with its reasons and refused by start", async () => {
    const sdk = await sdkWith("unsupported", "--boot-delay-ms", "300");
    const created = await cli(sdk, [
      "emulator",
      "create",
      "--name",
      "old-phone",
      "--api-level",
      "30",
      "--no-play-store",
      "--device-profile",
      "pixel_4",
    ]);
    expect(created.exitCode, JSON.stringify(created.body)).toBe(0);
    expect(created.body).toMatchObject({
      name: "old-phone",
      supported: false,
      unsupportedReasons: ["missing_play_store", "unsupported_api_level", "unsupported_device_profile"],
    });
    const start = await cli(sdk, ["emulator", "start", "old-phone"]);
    expect(start.body).toMatchObject({
      code: "EMULATOR_UNSUPPORTED",
      details: { unsupportedReasons: ["missing_play_store", "unsupported_api_level", "unsupported_device_profile"] },
    });
    expect((await cli(sdk, ["emulator", "delete", "old-phone"])).exitCode).toBe(0);
  });

  it("a start that never registers is EMULATOR_START_FAILED and leaves no process; a boot that never completes is EMULATOR_BOOT_TIMEOUT", async () => {
    const sdk = await sdkWith("failing", "--no-register");
    expect((await cli(sdk, ["emulator", "create", "--name", "flaky"])).exitCode).toBe(0);
    const neverRegisters = await cli(sdk, ["emulator", "start", "flaky", "--registration-timeout-ms", "1500"]);
    expect(neverRegisters.body).toMatchObject({
      code: "EMULATOR_START_FAILED",
      details: { avdName: "flaky", registrationTimeoutMs: 1500 },
    });
    // The stand-in holds the AVD's lock while it runs; a stopped process leaves none behind, so a retry can start it.
    await sdkWith("failing", "--boot-delay-ms", "never");
    const neverBoots = await cli(sdk, ["emulator", "start", "flaky", "--boot-timeout-ms", "1500"]);
    expect(neverBoots.body).toMatchObject({
      code: "EMULATOR_BOOT_TIMEOUT",
      details: { avdName: "flaky", bootTimeoutMs: 1500 },
    });
    const serial = jsonAt(neverBoots.body, "details", "serial") as string;
    const pid = emulatorPid(sdk, "flaky");
    expect(jsonAt((await cli(sdk, ["emulator", "status"])).body, "devices")).toEqual([
      expect.objectContaining({ serial, avdName: "flaky", booted: false }),
    ]);
    expect((await cli(sdk, ["emulator", "stop", "flaky"])).exitCode).toBe(0);
    expect((await harness.devices()).has(serial)).toBe(false);
    await exited(pid);
  });
});
