import { describe, expect, it } from "vitest";
import { parseHierarchy } from "../../../../../android/hierarchy/index.ts";
import { ShellHarness, testScenario } from "../shell-harness.ts";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("input", () => {
  it("passes taps, swipes, text, key events, press and roll to the UI model", async () => {
    const sh = new ShellHarness();
    for (const line of [
      "input tap 540 1200",
      "input touchscreen swipe 500 1800 500 600 300",
      "input text 'hello%sworld'",
      "input keyevent KEYCODE_BACK 66",
      "input press",
      "input roll 0 -1",
    ]) {
      expect(await sh.run(line)).toMatchObject({ code: 0, stderr: "" });
    }
    expect(sh.ui.calls).toEqual([
      "tap:540,1200",
      "swipe:500,1800,500,600",
      "type:hello world",
      "key:KEYCODE_BACK",
      "key:66",
      "key:KEYCODE_DPAD_CENTER",
      "key:KEYCODE_DPAD_UP",
    ]);
  });

  it("rejects bad arguments and unknown subcommands", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("input tap 1")).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Error: Invalid arguments for command: tap\n/),
    });
    expect(await sh.run("input wiggle")).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Error: Unknown command: wiggle\n/),
    });
    expect(sh.ui.calls).toEqual([]);
  });
});

describe("screencap", () => {
  it("writes a PNG of the screen at the profile's size to stdout", async () => {
    const sh = new ShellHarness(testScenario({ screen: { width: 360, height: 640, density: 160 } }));
    const { code, stdoutBytes } = await sh.run("screencap -p");
    expect(code).toBe(0);
    expect(stdoutBytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(stdoutBytes)).toEqual({ width: 360, height: 640 });
  });

  it("writes it into the device's storage, or says why it cannot", async () => {
    const sh = new ShellHarness(testScenario({ screen: { width: 200, height: 300, density: 160 } }));
    expect(await sh.run("screencap -p /sdcard/shot.png")).toMatchObject({ code: 0, stdout: "" });
    expect(pngSize(sh.state.fs.read("/sdcard/shot.png")!)).toEqual({ width: 200, height: 300 });
    expect((await sh.run("screencap -p /system/shot.png")).code).toBe(1);
  });
});

describe("uiautomator dump", () => {
  it("writes the hierarchy to /sdcard/window_dump.xml by default", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("uiautomator dump")).toEqual(
      expect.objectContaining({ code: 0, stdout: "UI hierchary dumped to: /sdcard/window_dump.xml\n" }),
    );
    const xml = (await sh.run("cat /sdcard/window_dump.xml")).stdout;
    expect(xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">")).toBe(
      true,
    );
    expect(parseHierarchy(xml).windows[0]!.attributes["resource-id"]).toBe("greeting");
  });

  it("prints the XML and then the trailer for /dev/tty, and honours a file argument", async () => {
    const sh = new ShellHarness();
    const { stdout } = await sh.run("uiautomator dump --compressed /dev/tty");
    expect(stdout).toMatch(/^<\?xml .*<\/hierarchy>UI hierchary dumped to: \/dev\/tty\n$/s);
    expect((await sh.run("uiautomator dump /data/local/tmp/d.xml")).stdout).toBe(
      "UI hierchary dumped to: /data/local/tmp/d.xml\n",
    );
    expect(sh.state.fs.read("/data/local/tmp/d.xml")?.toString()).toContain('text="Hello"');
  });
});
