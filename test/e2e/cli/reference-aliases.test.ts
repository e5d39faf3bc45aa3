import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";

// The single-word commands of the reference CLI 0.5.3 that real skills and their authors type, as aliases of ours.
const session = virtualSession();
let device: RunningVirtualDevice;
const SETTINGS = "com.android.settings";

beforeAll(async () => {
  device = await session.startDevice();
});

const run = async (...args: string[]) => {
  const { exitCode, body } = await session.json<ExecutionOutput>([...args, "--device", device.serial]);
  // A usage error has no envelope: then steps is undefined.
  const steps = body.envelope?.stepResults?.map((s) => [s.actionType, s.success, s.data] as const);
  return { exitCode, body, steps };
};

describe("reference CLI 0.5.3 single-word commands", () => {
  it("--help lists our commands and none of the aliases", async () => {
    const help = await session.cli(["--help"]);
    expect(help.exitCode).toBe(0);
    for (const alias of [
      "snapshot",
      "screenshot",
      "open",
      "close",
      "click",
      "type",
      "read",
      "wait",
      "press",
      "back",
      "scroll",
      "sleep",
    ]) {
      expect(help.stdout).not.toMatch(new RegExp(`^\\s+${alias}\\s`, "m"));
    }
    expect(help.stdout).toMatch(/^\s+action\s/m);
  });

  it("open, wait --timeout, click --text/--id/--role/--coordinate/--long/--focus, read --all, press, back, sleep, scroll, close", async () => {
    expect((await run("open", SETTINGS)).steps).toEqual([["open_app", true, { application_id: SETTINGS }]]);

    const waited = await run("wait", "--text", "Network & internet", "--timeout", "3000");
    expect(waited.exitCode).toBe(0);
    expect(waited.steps).toEqual([["wait_for_node", true, expect.objectContaining({ label: "Network & internet" })]]);

    const all = await run("read", "--role", "text", "--all");
    expect(all.exitCode).toBe(0);
    expect(all.steps![0]![2].text!.split("\n")).toEqual(expect.arrayContaining(["Network & internet"]));

    expect((await run("click", "--text", "Network & internet")).steps).toEqual([
      ["click", true, { click_types: "click" }],
    ]);
    expect((await run("back")).steps).toEqual([["press_key", true, { key: "back" }]]);
    expect((await run("press", "home")).steps).toEqual([["press_key", true, { key: "home" }]]);
    expect((await run("sleep", "20")).steps).toEqual([["sleep", true, { duration_ms: "20" }]]);

    const tapped = await run("click", "--coordinate", "135,1742");
    expect(tapped.exitCode).toBe(0);
    expect(tapped.steps).toEqual([["click", true, { click_types: "click", x: "135", y: "1742" }]]);

    // The flags become the APK's params: what the device's log says it was asked to click, and how.
    const logcat = async () =>
      String((await session.harness.adb(["-s", device.serial, "logcat", "-d", "-v", "tag"])).stdout);
    await run("open", SETTINGS);
    await run("click", "--id", "android:id/title", "--long");
    expect(await logcat()).toContain("stage-start commandId=click-");
    expect(await logcat()).toMatch(/id=click\(NodeMatcher\(resourceId=android:id\/title, role=null, .*\)\) label=/);
    const focused = await run("click", "--role", "switch", "--focus");
    expect(await logcat()).toMatch(/id=click\(NodeMatcher\(resourceId=null, role=switch, .*\)\) label=/);
    if (focused.exitCode === 0) expect(focused.steps).toEqual([["click", true, { click_types: "focus" }]]);
  });

  it("type and scroll run as action type and action scroll; close force-stops", async () => {
    await run("open", "com.clawperator.demo");
    const typed = await run("type", "--id", "com.clawperator.demo:id/search", "--text", "Oslo");
    expect(typed.steps).toEqual([["enter_text", true, { text: "Oslo", submit: "false" }]]);
    const scrolled = await run("scroll", "--direction", "down");
    expect(scrolled.steps![0]![0]).toBe("scroll");
    const closed = await run("close", "com.clawperator.demo");
    expect(closed.exitCode).toBe(0);
  });

  it("bad alias input is a usage error naming the flag", async () => {
    const { exitCode, body } = await session.json(["click", "--coordinate", "left", "--device", device.serial]);
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({ code: "USAGE", message: expect.stringContaining("--coordinate") });
  });
});
