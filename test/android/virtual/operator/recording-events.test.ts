import { describe, expect, it } from "vitest";
import { accessibilityEvent } from "../../../../android/virtual/ui/ui-events.ts";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute } from "./harness.ts";
import { flushed, recordingDevice } from "./recording-device.ts";

const SETTINGS = "com.android.settings";
const LAUNCHER = "com.android.launcher3";
const DEMO = "com.clawperator.demo";
/** Centres of the built-in phone's views: the Settings icon on the home screen, the Display row, the demo's search. */
const SETTINGS_ICON = [135, 1742] as const;
const DISPLAY_ROW = [540, 1500] as const;
const SEARCH_FIELD = [540, 394] as const;

const isXmlDump = (snapshot: unknown) =>
  typeof snapshot === "string" &&
  snapshot.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">\n") &&
  snapshot.endsWith("</hierarchy>\n");

describe("what a recording holds: the screen's events through the APK's filter", () => {
  it("a person's taps, Back and a scroll: every field, in the APK's key order, seq from 0", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "flow" });
    const start = device.clock.time;
    device.ui.touch(...SETTINGS_ICON, "click");
    device.clock.time += 1_000;
    device.ui.touch(...DISPLAY_ROW, "click");
    device.ui.pressBack();
    device.ui.swipe(540, 2000, 540, 600);
    expect((await device.step("stop_recording")).data.eventCount).toBe("7");

    const [head, ...events] = device.lines("flow");
    expect(head).toEqual({
      type: "recording_header",
      schemaVersion: 1,
      sessionId: "flow",
      startedAt: start,
      operatorPackage: "com.clawperator.operator",
    });
    expect(events.map((e) => Object.keys(e))).toEqual([
      ["ts", "seq", "snapshot", "packageName", "resourceId", "text", "contentDesc", "bounds", "type"],
      ["ts", "seq", "snapshot", "packageName", "className", "title", "type"],
      ["ts", "seq", "snapshot", "packageName", "resourceId", "text", "contentDesc", "bounds", "type"],
      ["ts", "seq", "snapshot", "packageName", "className", "title", "type"],
      ["ts", "seq", "snapshot", "key", "type"],
      ["ts", "seq", "snapshot", "packageName", "className", "title", "type"],
      ["ts", "seq", "snapshot", "packageName", "resourceId", "scrollX", "scrollY", "maxScrollX", "maxScrollY", "type"],
    ]);
    const [icon, intoSettings, row, intoDisplay, back, outOfDisplay, scroll] = events as Array<Record<string, unknown>>;
    expect(icon).toMatchObject({
      ts: start,
      seq: 0,
      packageName: LAUNCHER,
      resourceId: null,
      text: "Settings",
      contentDesc: "Settings",
      bounds: { left: 0, top: 1600, right: 270, bottom: 1884 },
      type: "click",
    });
    // The click's snapshot is the screen it was made on; the window change's, the screen it led to.
    expect(isXmlDump(icon!.snapshot)).toBe(true);
    expect(icon!.snapshot).toContain(`package="${LAUNCHER}"`);
    expect(intoSettings).toMatchObject({
      seq: 1,
      packageName: SETTINGS,
      className: `${SETTINGS}.MainActivity`,
      title: "Settings",
      type: "window_change",
    });
    expect(intoSettings!.snapshot).toContain('text="Network &amp; internet"');
    // A row has no text of its own: the event's first text item, the row's title, is what is recorded.
    expect(row).toMatchObject({
      ts: start + 1_000,
      seq: 2,
      packageName: SETTINGS,
      resourceId: null,
      text: "Display",
      contentDesc: null,
      bounds: { left: 0, top: 1420, right: 1080, bottom: 1580 },
    });
    expect(intoDisplay).toMatchObject({ seq: 3, packageName: SETTINGS, type: "window_change" });
    expect(intoDisplay!.snapshot).toContain('text="Brightness level"');
    expect(back).toMatchObject({ seq: 4, key: "back", type: "press_key" });
    expect(back!.snapshot).toContain('text="Brightness level"');
    expect(outOfDisplay).toMatchObject({ seq: 5, packageName: SETTINGS, type: "window_change" });
    expect(scroll).toEqual({
      ts: start + 1_000,
      seq: 6,
      snapshot: null,
      packageName: SETTINGS,
      resourceId: null,
      scrollX: 0,
      scrollY: 2037,
      maxScrollX: 0,
      maxScrollY: 4074,
      type: "scroll",
    });
  });

  it("typing makes one text_change per keystroke with the whole field; deleting makes one more", async () => {
    const device = recordingDevice();
    await device.step("open_app", { applicationId: DEMO });
    await device.step("start_recording", { sessionId: "typing" });
    device.ui.touch(...SEARCH_FIELD, "click");
    device.ui.typeText("lin");
    device.ui.keyEvent("KEYCODE_DEL");
    await device.step("stop_recording");
    const events = device.lines("typing").slice(1);
    expect(events[0]).toMatchObject({ type: "click", resourceId: `${DEMO}:id/search`, text: null });
    expect(events.slice(1)).toEqual(
      ["l", "li", "lin", "li"].map((text, i) => ({
        ts: device.clock.time,
        seq: i + 1,
        snapshot: null,
        packageName: DEMO,
        resourceId: null,
        text,
        type: "text_change",
      })),
    );
  });

  it("the operator's own actions are recorded as a phone reports them: clicks by accessibility, window changes", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "agent" });
    await device.run([
      { type: "open_app", params: { applicationId: SETTINGS } },
      { type: "click", params: { matcher: { textEquals: "Display" } } },
      { type: "press_key", params: { key: "back" } },
    ]);
    await device.step("stop_recording");
    // performGlobalAction(BACK) is no key event: only the window change shows.
    expect(device.lines("agent").map((e) => `${e.type}:${e.text ?? e.packageName}`)).toEqual([
      "recording_header:undefined",
      `window_change:${SETTINGS}`,
      "click:Display",
      `window_change:${SETTINGS}`,
      `window_change:${SETTINGS}`,
    ]);
  });

  it("injected input (adb shell input tap, keyevent) reports no click and no key; the window still changes", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "input" });
    device.ui.tapAt(...SETTINGS_ICON);
    device.ui.keyEvent("KEYCODE_BACK");
    await device.step("stop_recording");
    expect(device.lines("input").map((e) => `${e.type}:${e.packageName}`)).toEqual([
      "recording_header:undefined",
      `window_change:${SETTINGS}`,
      `window_change:${LAUNCHER}`,
    ]);
  });

  it("a long press reports a long click, which the filter ignores", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "long" });
    expect(device.ui.touch(...SETTINGS_ICON, "long_click")?.attributes.text).toBe("Settings");
    expect((await device.step("stop_recording")).data.eventCount).toBe("0");
  });

  it("the Operator's own windows are never recorded", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "self" });
    await device.step("open_app", { applicationId: "com.clawperator.operator" });
    await device.step("open_app", { applicationId: SETTINGS });
    await device.step("stop_recording");
    expect(device.lines("self").map((e) => e.packageName ?? e.type)).toEqual(["recording_header", SETTINGS]);
  });

  it("nothing is recorded outside a session, nor while the accessibility service is off", async () => {
    let serviceOn = true;
    const device = recordingDevice(undefined, { accessibility: () => serviceOn });
    device.ui.touch(...SETTINGS_ICON, "click");
    await device.step("start_recording", { sessionId: "gaps" });
    device.ui.pressBack();
    serviceOn = false;
    device.ui.touch(...SETTINGS_ICON, "click");
    serviceOn = true;
    await device.step("stop_recording");
    device.ui.pressBack();
    expect(device.lines("gaps").map((e) => `${e.type}:${e.key ?? e.packageName}`)).toEqual([
      "recording_header:undefined",
      "press_key:back",
      `window_change:${LAUNCHER}`,
    ]);
  });

  it("events are written as they come, so the file can be read while recording", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "live" });
    device.ui.touch(...SETTINGS_ICON, "click");
    await flushed();
    expect(device.lines("live").map((e) => e.type)).toEqual(["recording_header", "click", "window_change"]);
  });
});

describe("the filter's edge cases (events sent by hand)", () => {
  const clickable = node({ text: "OK", clickable: "true", package: "com.example", bounds: "[10,20][110,70]" });

  async function recording(windows = [clickable]) {
    const device = createDevice(screen(...windows), { packageName: "com.clawperator.operator" });
    await execute(device, [{ type: "start_recording", params: { sessionId: "edge" } }]);
    return device;
  }
  const stopAndRead = async (device: Awaited<ReturnType<typeof recording>>) => {
    device.log.records.length = 0;
    await execute(device, [{ type: "stop_recording" }]);
    return device.fs
      .read("/storage/emulated/0/Android/data/com.clawperator.operator/files/recordings/edge.ndjson")!
      .toString()
      .split("\n")
      .filter(Boolean)
      .slice(1)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  };

  it("no source: zero bounds and the event's own text and description; a blank package is recorded as empty", async () => {
    const device = await recording();
    device.ui.emit(
      accessibilityEvent({
        eventType: "TYPE_VIEW_CLICKED",
        packageName: " ",
        className: "",
        text: ["  Pay  ", "later"],
        contentDescription: " Pay now ",
      }),
    );
    device.ui.emit(
      accessibilityEvent({
        eventType: "TYPE_VIEW_TEXT_CHANGED",
        packageName: "com.example",
        className: "",
        text: [" ", " "],
      }),
    );
    device.ui.emit(
      accessibilityEvent({ eventType: "TYPE_WINDOW_STATE_CHANGED", packageName: "com.example", className: " " }),
    );
    expect(await stopAndRead(device)).toMatchObject([
      {
        packageName: "",
        resourceId: null,
        text: "Pay",
        contentDesc: "Pay now",
        bounds: { left: 0, top: 0, right: 0, bottom: 0 },
      },
      { type: "text_change", text: "" },
      { type: "window_change", className: null, title: null },
    ]);
  });

  it("the debug Operator's package is filtered too; key-downs and other keys are ignored", async () => {
    const device = await recording();
    device.ui.emit(
      accessibilityEvent({
        eventType: "TYPE_WINDOW_STATE_CHANGED",
        packageName: "com.clawperator.operator.dev",
        className: "x",
      }),
    );
    device.ui.emit({ kind: "key", keyCode: 4, action: "down" });
    device.ui.emit({ kind: "key", keyCode: 3, action: "up" });
    device.ui.emit({ kind: "key", keyCode: 4, action: "up" });
    expect((await stopAndRead(device)).map((e) => e.type)).toEqual(["press_key"]);
  });

  it("a screen without an active window: null snapshot and the APK's warning", async () => {
    const device = await recording([]);
    device.ui.emit(accessibilityEvent({ eventType: "TYPE_VIEW_CLICKED", packageName: "com.example", className: "" }));
    device.ui.emit({ kind: "key", keyCode: 4, action: "up" });
    const warnings = () =>
      device.log.records.filter((r) => r.tag === "RecordingRuntime" && r.priority === "W").map((r) => r.message);
    expect(warnings()).toEqual([
      "SNAPSHOT_NULL type=click reason=root_null",
      "SNAPSHOT_NULL type=press_key reason=root_null",
    ]);
    expect((await stopAndRead(device)).map((e) => e.snapshot)).toEqual([null, null]);
  });

  it("a filter failure is logged by the service and the screen goes on", async () => {
    const device = await recording();
    device.ui.snapshot = () => {
      throw new Error("tree gone");
    };
    device.ui.emit(accessibilityEvent({ eventType: "TYPE_VIEW_CLICKED", packageName: "com.example", className: "" }));
    expect(device.log.records.map((r) => r.message)).toContain(
      "[Operator-AccessibilityService] RecordingEventFilter failed for accessibility event",
    );
  });

  it("the debug build times each snapshot; the release build does not", async () => {
    const timings = async (packageName: string) => {
      const device = createDevice(screen(clickable), { packageName });
      await execute(device, [{ type: "start_recording", params: { sessionId: "t" } }]);
      device.ui.emit(accessibilityEvent({ eventType: "TYPE_VIEW_CLICKED", packageName: "com.example", className: "" }));
      return device.log.records.filter((r) => r.tag === "RecordingDiag").map((r) => r.message);
    };
    expect(await timings("com.clawperator.operator.dev")).toEqual([
      expect.stringMatching(/^SNAPSHOT_TIMING type=click rootUs=\d+\.\d serializeUs=\d+\.\d totalUs=\d+\.\d$/),
    ]);
    expect(await timings("com.clawperator.operator")).toEqual([]);
  });
});
