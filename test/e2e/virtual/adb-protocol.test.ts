import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeVirtualApk } from "../../../android/virtual/device/virtual-apk.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { BRIEF_LINE, BUFFER_HEADER, TAG_LINE, TIME_LINE, linesOf } from "./logcat.ts";
import { OutputWatcher } from "./streams.ts";

const session = virtualSession();
const makeDir = tempDirs("clawperator-e2e-apk-");
let device: RunningVirtualDevice;

const adb = (...args: string[]) => session.harness.adb(["-s", device.serial, ...args]);
const text = (result: { stdout: unknown }) => String(result.stdout);
/** Log lines of the entries this test wrote, without logcat's buffer headers. */
const entries = (stdout: string, marker: string) =>
  linesOf(stdout).filter((line) => !BUFFER_HEADER.test(line) && line.includes(marker));

/** adb's `devices -l` spelling: the model keeps only letters and digits, product and device only lose spaces. */
const modelField = (value: string) => value.replace(/[^A-Za-z0-9]/g, "_");
const plainField = (value: string) => value.replaceAll(" ", "_");

beforeAll(async () => {
  device = await session.startDevice();
});

describe("adb connect and adb devices", () => {
  it("adb connect reaches the device, and a second connect says it already is", async () => {
    await session.harness.adb(["disconnect", device.serial]);
    await session.harness.waitForDevices((listed) => !listed.has(device.serial));
    expect(text(await session.harness.adb(["connect", device.serial]))).toBe(`connected to ${device.serial}`);
    await session.harness.waitForDevices((listed) => listed.get(device.serial) === "device");
    expect(text(await session.harness.adb(["connect", device.serial]))).toBe(`already connected to ${device.serial}`);
  });

  it("adb devices -l shows the scenario's product, model and device", async () => {
    const { product, model, device: deviceName } = device.device.scenario.device;
    const row = linesOf(text(await session.harness.adb(["devices", "-l"]))).find((line) =>
      line.startsWith(`${device.serial} `),
    );
    expect(row).toBeDefined();
    expect(row!.split(/\s+/).slice(0, 5)).toEqual([
      device.serial,
      "device",
      `product:${plainField(product)}`,
      `model:${modelField(model)}`,
      `device:${plainField(deviceName)}`,
    ]);
    expect(row).toMatch(/ transport_id:\d+$/);
  });
});

describe("adb shell and exec-out", () => {
  it("propagates exit codes", async () => {
    expect((await adb("shell", "exit", "0")).exitCode).toBe(0);
    expect((await adb("shell", "exit", "3")).exitCode).toBe(3);
    expect((await adb("shell", "exit 42")).exitCode).toBe(42);
  });

  it("keeps stdout and stderr apart", async () => {
    const result = await adb("shell", "echo out; nope-command; echo still");
    expect(text(result)).toBe("out\nstill");
    expect(String(result.stderr)).toBe("/system/bin/sh: nope-command: inaccessible or not found");
    expect(result.exitCode).toBe(0);
  });

  it("exec-out returns the command's raw stdout, line breaks untranslated", async () => {
    const bytes = await session.harness.adbBytes(["-s", device.serial, "exec-out", "echo raw; echo bytes"]);
    expect(bytes.toString("utf8")).toBe("raw\nbytes");
  });
});

describe("adb logcat", () => {
  const log = () => device.device.state.log;

  it("-d dumps the buffer and exits; -c clears it", async () => {
    log().write("I", "E2eDumpTag", "first entry");
    log().write("W", "E2eDumpTag", "second entry");
    const dump = await adb("logcat", "-d", "-v", "tag");
    expect(dump.exitCode).toBe(0);
    expect(entries(text(dump), "E2eDumpTag")).toEqual(["I/E2eDumpTag: first entry", "W/E2eDumpTag: second entry"]);

    expect((await adb("logcat", "-c")).exitCode).toBe(0);
    expect(entries(text(await adb("logcat", "-d")), "E2eDumpTag")).toEqual([]);
    log().write("I", "E2eDumpTag", "after clear");
    expect(entries(text(await adb("logcat", "-d", "-v", "tag")), "E2eDumpTag")).toEqual(["I/E2eDumpTag: after clear"]);
  });

  it("-v time, -v brief and -v tag print the shapes the host parses", async () => {
    await adb("logcat", "-c");
    log().write("D", "E2eFormats", "a message: with colon (and parens)");

    const [time] = entries(text(await adb("logcat", "-d", "-v", "time")), "E2eFormats");
    const timeMatch = TIME_LINE.exec(time ?? "");
    expect(timeMatch?.slice(2)).toEqual([
      "D",
      "E2eFormats",
      expect.stringMatching(/^\d+$/),
      "a message: with colon (and parens)",
    ]);

    const [brief] = entries(text(await adb("logcat", "-d", "-v", "brief")), "E2eFormats");
    expect(BRIEF_LINE.exec(brief ?? "")?.slice(1)).toEqual([
      "D",
      "E2eFormats",
      timeMatch![4],
      "a message: with colon (and parens)",
    ]);

    const [tag] = entries(text(await adb("logcat", "-d", "-v", "tag")), "E2eFormats");
    expect(TAG_LINE.exec(tag ?? "")?.slice(1)).toEqual(["D", "E2eFormats", "a message: with colon (and parens)"]);
  });

  it("without -v prints threadtime, Android's default", async () => {
    await adb("logcat", "-c");
    log().write("I", "E2eDefault", "default format");
    const [line] = entries(text(await adb("logcat", "-d")), "E2eDefault");
    expect(line).toMatch(/^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ I E2eDefault *: default format$/);
  });

  it("streams new entries until the client goes away", async () => {
    await adb("logcat", "-c");
    const follower = session.harness.spawn(["-s", device.serial, "logcat", "-v", "tag"]);
    const output = new OutputWatcher(follower.stdout!);
    // Without -d logcat prints the buffer, then follows: the marker shows up whether the stream attached before or
    // after it was written, and once it has, the stream is live.
    log().write("I", "E2eStreamTag", "marker");
    await output.includes("I/E2eStreamTag: marker");
    log().write("I", "E2eStreamTag", "live one");
    log().write("E", "E2eStreamTag", "live two");
    const seen = await output.includes("E/E2eStreamTag: live two");
    expect(entries(seen, "E2eStreamTag")).toEqual([
      "I/E2eStreamTag: marker",
      "I/E2eStreamTag: live one",
      "E/E2eStreamTag: live two",
    ]);
    follower.kill();
    await follower;
  });

  it("-T N prints the N most recent entries, then follows", async () => {
    await adb("logcat", "-c");
    for (const n of [1, 2, 3]) log().write("I", "E2eTailTag", `old ${n}`);
    const follower = session.harness.spawn(["-s", device.serial, "logcat", "-v", "tag", "-T", "2"]);
    const output = new OutputWatcher(follower.stdout!);
    await output.includes("old 3");
    log().write("I", "E2eTailTag", "new 4");
    const seen = await output.includes("new 4");
    expect(entries(seen, "E2eTailTag")).toEqual(["I/E2eTailTag: old 2", "I/E2eTailTag: old 3", "I/E2eTailTag: new 4"]);
    follower.kill();
    await follower;
  });
});

describe("adb install", () => {
  const apk = { package: "com.example.e2einstall", label: "E2E Install", versionName: "2.5.1", versionCode: 251 };

  it("installs a virtual APK; pm list packages -3 and dumpsys package then show it", async () => {
    const dir = await makeDir();
    const file = join(dir, "e2e.apk");
    await writeFile(file, encodeVirtualApk(apk));
    expect(text(await adb("shell", "pm list packages -3"))).not.toContain(`package:${apk.package}`);

    const install = await adb("install", "-r", file);
    expect(install.exitCode).toBe(0);
    expect(text(install)).toMatch(/(^|\n)Success$/);

    const thirdParty = linesOf(text(await adb("shell", "pm list packages -3")));
    expect(thirdParty).toContain(`package:${apk.package}`);
    expect(thirdParty.every((line) => line.startsWith("package:"))).toBe(true);
    const dumpsys = text(await adb("shell", `dumpsys package ${apk.package}`));
    expect(dumpsys).toMatch(/^\s+versionName=2\.5\.1$/m);
    expect(dumpsys).toMatch(/^\s+versionCode=251\b/m);
  });

  it("refuses a file that is not an APK, and adb reports the failure", async () => {
    const dir = await makeDir();
    const file = join(dir, "broken.apk");
    await writeFile(file, "this is not an apk\n");
    const install = await adb("install", "-r", file);
    expect(install.exitCode).toBe(1);
    expect(`${text(install)}\n${String(install.stderr)}`).toMatch(/Failure \[INSTALL_/);
  });
});
