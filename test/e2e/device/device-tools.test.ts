import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { buildOperatorApk } from "../../../android/virtual/apk/index.ts";
import type { ViewedResult } from "../../../core/services/agent-views.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { stdioClient, textOf } from "../mcp/mcp-client.ts";

const session = virtualSession();
const dirs = tempDirs();
let device: RunningVirtualDevice;
let d: string[];

beforeAll(async () => {
  device = await session.startDevice();
  d = ["--device-id", device.serial];
});

const json = <T>(args: string[]) => session.json<T>([...args, ...d]);
const ok = async <T>(args: string[]) => {
  const { exitCode, body, stderr } = await json<T>(args);
  expect(exitCode, `${args.join(" ")}: ${JSON.stringify(body)} ${stderr}`).toBe(0);
  return body;
};
const outline = async () => (await ok<ViewedResult>(["observe", "view"])).view!.outline;
const refOn = (text: string, pattern: RegExp) => {
  const line = text.split("\n").find((l) => pattern.test(l) && /\[ref=e\d+\]/.test(l));
  expect(line, `${pattern} in\n${text}`).toBeDefined();
  return /\[ref=(e\d+)\]/.exec(line!)![1]!;
};

describe("the device tools through the CLI and the real adb", () => {
  it("tells the device's facts", async () => {
    expect(await ok(["device", "info"])).toMatchObject({
      deviceId: device.serial,
      model: "Clawperator Virtual Device",
      sdk: 34,
      release: "14",
      screen: { width: expect.any(Number), height: expect.any(Number), density: expect.any(Number) },
    });
  });

  it("presses keys by name, KEYCODE_ name and number; an unknown key is refused before anything runs", async () => {
    await ok(["apps", "launch", "com.android.settings"]);
    expect(await outline()).toContain('"Network & internet"');
    expect(await ok(["device", "key", "4"])).toMatchObject({ key: "KEYCODE_BACK", code: 4 });
    expect(await outline()).not.toContain('"Network & internet"');
    await ok(["apps", "launch", "com.android.settings"]);
    expect(await ok(["device", "key", "KEYCODE_HOME"])).toMatchObject({ code: 3 });
    expect(await ok(["device", "key", "volume_down"])).toMatchObject({ code: 25 });
    const bad = await json<{ code: string }>(["device", "key", "no_such_key; reboot"]);
    expect(bad.exitCode).not.toBe(0);
    expect(bad.body).toMatchObject({ code: "EXECUTION_VALIDATION_FAILED" });
  });

  it("makes the refs of earlier views stale: the screen may have changed", async () => {
    await ok(["apps", "launch", "com.android.settings"]);
    const ref = refOn(await outline(), /"Display"/);
    await ok(["device", "key", "back"]);
    const stale = await json<{ code: string }>(["action", "click", "--ref", ref]);
    expect(stale.exitCode).not.toBe(0);
    expect(stale.body).toMatchObject({ code: "REF_STALE" });
  });

  it("swipes by coordinates and from a ref in a direction: the list scrolls", async () => {
    await ok(["apps", "launch", "com.android.settings"]);
    expect(await outline()).not.toContain('"About phone"');
    await ok(["device", "swipe", "--from", "540,1800", "--to", "540,600"]);
    const page2 = await outline();
    expect(page2).not.toContain('"Network & internet"');
    const list = refOn(page2, /#recycler_view/);
    expect(await ok(["device", "swipe", "--ref", list, "--direction", "down", "--distance", "1200"])).toMatchObject({
      command: expect.stringMatching(/^'?input'? '?swipe'? /),
    });
    expect(await outline()).toContain('"Network & internet"');
    const neither = await json<{ code: string }>(["device", "swipe", "--to", "1,1"]);
    expect(neither.exitCode).not.toBe(0);
    expect(neither.body).toMatchObject({ code: "EXECUTION_VALIDATION_FAILED" });
  });

  it("sets and reads the rotation; the view turns with it", async () => {
    await ok(["device", "rotation", "set", "landscape"]);
    expect(await ok(["device", "rotation", "get"])).toMatchObject({ orientation: "landscape", auto: false });
    expect((await ok<ViewedResult>(["observe", "view"])).view!.rotation).toBe("1");
    expect(await ok(["device", "rotation", "set", "auto"])).toMatchObject({ auto: true });
    await ok(["device", "rotation", "set", "portrait"]);
    expect(await ok(["device", "rotation", "get"])).toMatchObject({ orientation: "portrait", auto: false });
    const bad = await json<{ code: string }>(["device", "rotation", "set", "sideways"]);
    expect(bad.exitCode).not.toBe(0);
  });

  it("lists, installs, launches and uninstalls apps", async () => {
    const pkg = "com.example.devicetools";
    const dir = await dirs({});
    const apk = join(dir, "tools.apk");
    // A real APK's format (a ZIP with a binary manifest): what the tool checks before anything goes to the device.
    await writeFile(apk, buildOperatorApk({ packageName: pkg, versionName: "1.0", versionCode: 1, label: "Tools" }));
    expect((await ok<{ packages: string[] }>(["apps", "list"])).packages).toContain("com.android.settings");
    expect((await ok<{ packages: string[] }>(["apps", "list", "--third-party"])).packages).not.toContain(pkg);
    expect(await ok(["apps", "install", apk])).toMatchObject({ package: pkg });
    expect((await ok<{ packages: string[] }>(["apps", "list", "--third-party"])).packages).toContain(pkg);
    expect(await ok(["apps", "uninstall", pkg])).toMatchObject({ package: pkg });
    expect((await ok<{ packages: string[] }>(["apps", "list"])).packages).not.toContain(pkg);
    const again = await json<{ code: string }>(["apps", "uninstall", pkg]);
    expect(again.exitCode).not.toBe(0);
    const notApk = join(dir, "notes.apk");
    await writeFile(notApk, "just text");
    const refused = await json<{ code: string }>(["apps", "install", notApk]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.body.code).toMatch(/^[A-Z_]+$/);
  });

  it("reads the device log, bounded, without Clawperator's own result lines", async () => {
    await ok(["observe", "view"]);
    const all = await ok<{ lines: string[]; truncated: boolean }>(["device", "logs"]);
    expect(all.lines.length).toBeGreaterThan(0);
    expect(all.lines.join("\n")).not.toContain("[Clawperator-Result]");
    const few = await ok<{ lines: string[]; truncated: boolean }>(["device", "logs", "--lines", "2"]);
    expect(few.lines.length).toBeLessThanOrEqual(2);
    const errors = await ok<{ lines: string[] }>(["device", "logs", "--level", "E"]);
    for (const line of errors.lines) expect(line).toMatch(/ [EF] /);
  });
});

describe("the device tools over MCP", () => {
  let client: Client;
  beforeAll(async () => {
    ({ client } = await stdioClient(session));
  });
  afterAll(async () => {
    await client?.close();
  });
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: { deviceId: device.serial, ...args } })) as CallToolResult;

  it("are annotated: installing, uninstalling and keys are destructive, logs and facts only look", async () => {
    const { tools } = await client.listTools();
    const hints = (name: string) => tools.find((t) => t.name === name)?.annotations;
    expect(hints("clawperator_app_install")).toMatchObject({ destructiveHint: true });
    expect(hints("clawperator_app_uninstall")).toMatchObject({ destructiveHint: true });
    expect(hints("clawperator_key")).toMatchObject({ destructiveHint: true });
    expect(hints("clawperator_logs")).toMatchObject({ readOnlyHint: true });
    expect(hints("clawperator_device_info")).toMatchObject({ readOnlyHint: true });
  });

  it("launch an app and press a key, each answering with the view after it", async () => {
    const launched = await call("clawperator_app_launch", { package: "com.android.settings" });
    expect(launched.isError).toBeFalsy();
    expect(textOf(launched)).toMatch(/^ok package=com\.android\.settings\nview v\d+ com\.android\.settings/);
    expect(textOf(launched)).toContain('"Display"');
    const back = await call("clawperator_key", { key: "back" });
    expect(textOf(back)).toMatch(/^ok key=KEYCODE_BACK code=4\nview v\d+ /);
    expect(textOf(back)).not.toContain('"Display"');
    const quiet = await call("clawperator_key", { key: "home", view: "none" });
    expect(textOf(quiet)).toBe("ok key=KEYCODE_HOME code=3");
    const bad = await call("clawperator_key", { key: "" });
    expect(bad.isError).toBe(true);
  });
});
