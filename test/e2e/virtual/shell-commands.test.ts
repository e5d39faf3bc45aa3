import { beforeAll, describe, expect, it } from "vitest";
import { parseHierarchy, findFirst, center, boundsOf } from "../../../android/hierarchy/index.ts";
import { encodeVirtualApk } from "../../../android/virtual/device/index.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { linesOf } from "./logcat.ts";
import { OPERATOR_PACKAGE } from "./operator-commands.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

const DEMO_APP = "com.clawperator.demo";
const ACCESSIBILITY_COMPONENT = `${OPERATOR_PACKAGE}/clawperator.operator.accessibilityservice.OperatorAccessibilityService`;
const DUMPED_TO = "UI hierchary dumped to: ";

async function sh(line: string, input?: Buffer) {
  const result = await session.harness.adb(["-s", device.serial, "shell", line], input === undefined ? {} : { input });
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** The screen as `uiautomator dump /dev/tty` shows it (the trailer after </hierarchy> is cut by the parser). */
async function screen() {
  const dump = await sh("uiautomator dump /dev/tty");
  expect(dump.exitCode).toBe(0);
  return parseHierarchy(dump.stdout);
}

const foreground = async () => (await screen()).windows.at(-1)?.attributes.package;

beforeAll(async () => {
  device = await session.startDevice();
});

describe("getprop, settings, wm", () => {
  it("getprop answers the scenario's properties, blank for unset ones, and lists all without arguments", async () => {
    const profile = device.device.scenario.device;
    expect(await sh("getprop ro.build.version.sdk")).toEqual({ exitCode: 0, stdout: String(profile.sdk), stderr: "" });
    expect((await sh("getprop ro.product.model")).stdout).toBe(profile.model);
    expect((await sh("getprop no.such.property")).stdout).toBe("");
    const all = linesOf((await sh("getprop")).stdout);
    expect(all).toContain(`[ro.product.model]: [${profile.model}]`);
    expect(all).toContain(`[ro.build.version.sdk]: [${profile.sdk}]`);
    expect(all.every((line) => /^\[[^\]]+\]: \[.*\]$/.test(line))).toBe(true);
  });

  it("settings get/put round-trips values; unset keys read `null`", async () => {
    expect((await sh("settings get global adb_enabled")).stdout).toBe("1");
    expect((await sh("settings get global development_settings_enabled")).stdout).toBe("1");
    expect((await sh("settings get secure enabled_accessibility_services")).stdout.split(":")).toContain(
      ACCESSIBILITY_COMPONENT,
    );
    expect((await sh("settings get system e2e_unset_key")).stdout).toBe("null");
    expect(await sh("settings put system e2e_key 'two words'")).toEqual({ exitCode: 0, stdout: "", stderr: "" });
    expect((await sh("settings get system e2e_key")).stdout).toBe("two words");
  });

  it("wm size and wm density report the scenario's screen", async () => {
    const { width, height, density } = device.device.scenario.device.screen;
    expect(await sh("wm size")).toEqual({ exitCode: 0, stdout: `Physical size: ${width}x${height}`, stderr: "" });
    expect(await sh("wm density")).toEqual({ exitCode: 0, stdout: `Physical density: ${density}`, stderr: "" });
  });
});

describe("pm, dumpsys, cmd package", () => {
  it("pm list packages lists every app as package:<name>, filtered by a substring", async () => {
    const all = linesOf((await sh("pm list packages")).stdout);
    expect(all.every((line) => line.startsWith("package:"))).toBe(true);
    for (const app of device.device.scenario.apps) expect(all).toContain(`package:${app.package}`);
    expect((await sh(`pm list packages ${OPERATOR_PACKAGE}`)).stdout).toBe(`package:${OPERATOR_PACKAGE}`);
    const thirdParty = linesOf((await sh("pm list packages -3")).stdout);
    for (const app of device.device.scenario.apps)
      expect(thirdParty.includes(`package:${app.package}`)).toBe(!app.system);
  });

  it("pm path prints where the APK lives; a missing package fails", async () => {
    expect((await sh(`pm path ${OPERATOR_PACKAGE}`)).stdout).toMatch(
      new RegExp(`^package:/data/app/\\S+/${OPERATOR_PACKAGE.replaceAll(".", "\\.")}-\\S+/base\\.apk$`),
    );
    const missing = await sh("pm path com.example.not.installed");
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toBe("");
  });

  it("pm grant grants a runtime permission silently and refuses an unknown one", async () => {
    expect(await sh(`pm grant ${OPERATOR_PACKAGE} android.permission.POST_NOTIFICATIONS`)).toEqual({
      exitCode: 0,
      stdout: "",
      stderr: "",
    });
    const unknown = await sh(`pm grant ${OPERATOR_PACKAGE} android.permission.NOT_A_PERMISSION`);
    expect(unknown.exitCode).toBe(255);
    expect(unknown.stderr).toContain("Unknown permission: android.permission.NOT_A_PERMISSION");
  });

  it("dumpsys package prints versionName and versionCode lines", async () => {
    const operator = device.device.scenario.apps.find((app) => app.package === OPERATOR_PACKAGE)!;
    const out = (await sh(`dumpsys package ${OPERATOR_PACKAGE}`)).stdout;
    expect(out).toMatch(new RegExp(`^\\s+versionName=${operator.versionName.replaceAll(".", "\\.")}$`, "m"));
    expect(out).toMatch(new RegExp(`^\\s+versionCode=${operator.versionCode}(\\s|$)`, "m"));
  });

  it("cmd package install -S reads the APK from stdin", async () => {
    const apk = encodeVirtualApk({
      package: "com.example.e2ecmd",
      label: "E2E cmd",
      versionName: "1.0",
      versionCode: 1,
    });
    const result = await sh(`cmd package install -S ${apk.length}`, apk);
    expect(result).toEqual({ exitCode: 0, stdout: "Success", stderr: "" });
    expect((await sh("pm list packages com.example.e2ecmd")).stdout).toBe("package:com.example.e2ecmd");
  });
});

describe("am, monkey, input, uiautomator", () => {
  it("am broadcast reports the intent and its completion", async () => {
    const result = await sh("am broadcast -a com.example.E2E_NOBODY_LISTENS");
    expect(result.exitCode).toBe(0);
    expect(linesOf(result.stdout)).toEqual([
      expect.stringMatching(/^Broadcasting: Intent \{ act=com\.example\.E2E_NOBODY_LISTENS\b.*\}$/),
      "Broadcast completed: result=0",
    ]);
  });

  it("monkey launches an app; input types into it; am force-stop closes it", async () => {
    const monkey = await sh(`monkey -p ${DEMO_APP} -c android.intent.category.LAUNCHER 1`);
    expect(monkey.exitCode).toBe(0);
    expect(monkey.stdout).toContain("Events injected: 1");
    expect(await foreground()).toBe(DEMO_APP);

    const field = findFirst(await screen(), { resourceId: `${DEMO_APP}:id/search` });
    expect(field).toBeDefined();
    const { x, y } = center(boundsOf(field!));
    expect(await sh(`input tap ${x} ${y}`)).toEqual({ exitCode: 0, stdout: "", stderr: "" });
    expect(await sh("input text Lisbon")).toEqual({ exitCode: 0, stdout: "", stderr: "" });
    expect(findFirst(await screen(), { resourceId: `${DEMO_APP}:id/search` })?.attributes.text).toBe("Lisbon");

    expect(await sh(`am force-stop ${DEMO_APP}`)).toEqual({ exitCode: 0, stdout: "", stderr: "" });
    expect(await foreground()).not.toBe(DEMO_APP);
  });

  it("am start -a VIEW -d <uri> opens the screen the URI routes to; input keyevent HOME goes back to the launcher", async () => {
    const home = await foreground();
    const start = await sh("am start -a android.intent.action.VIEW -d clawperator://demo/lisbon");
    expect(start.exitCode).toBe(0);
    expect(start.stdout).toMatch(/^Starting: Intent \{ act=android\.intent\.action\.VIEW dat=clawperator:/);
    expect(await foreground()).toBe(DEMO_APP);
    expect((await sh("input keyevent KEYCODE_HOME")).exitCode).toBe(0);
    expect(await foreground()).toBe(home);
  });

  it("uiautomator dump writes the screen to a file that cat reads back", async () => {
    const live = await screen();
    const toDefault = await sh("uiautomator dump");
    expect(toDefault).toEqual({ exitCode: 0, stdout: `${DUMPED_TO}/sdcard/window_dump.xml`, stderr: "" });
    const saved = (await sh("cat /sdcard/window_dump.xml")).stdout;
    expect(saved.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>")).toBe(true);
    expect(parseHierarchy(saved)).toEqual(live);

    expect((await sh("uiautomator dump /data/local/tmp/e2e.xml")).stdout).toBe(`${DUMPED_TO}/data/local/tmp/e2e.xml`);
    expect(parseHierarchy((await sh("cat /data/local/tmp/e2e.xml")).stdout)).toEqual(live);
    expect((await sh("cat /sdcard/no-such-file.xml")).exitCode).toBe(1);
  });

  it("uiautomator dump /dev/tty prints the XML followed by its trailer line", async () => {
    const out = (await sh("uiautomator dump /dev/tty")).stdout;
    expect(out).toMatch(/<\/hierarchy>\n?UI hierchary dumped to: \/dev\/tty$/);
  });

  it("echo and logcat run as shell commands too", async () => {
    expect(await sh("echo hello world")).toEqual({ exitCode: 0, stdout: "hello world", stderr: "" });
    device.device.state.log.write("I", "E2eShellLogcat", "via shell");
    expect(linesOf((await sh("logcat -d -v tag")).stdout).filter((line) => line.includes("E2eShellLogcat"))).toEqual([
      "I/E2eShellLogcat: via shell",
    ]);
  });
});
