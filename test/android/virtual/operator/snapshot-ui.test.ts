import { describe, expect, it } from "vitest";
import { parseHierarchy, type UiHierarchy, type UiNode } from "../../../../android/hierarchy/index.ts";
import { ResultCollector } from "../../../../android/operator/result-collector.ts";
import { apkHierarchyXml } from "../../../../android/virtual/operator/apk-hierarchy-xml.ts";
import { FIXTURES, loadFixture } from "../../hierarchy/fixtures.ts";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute, payload, type LogRecord } from "./harness.ts";

const DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";
const ATTRIBUTES = [
  "index",
  "text",
  "resource-id",
  "class",
  "package",
  "content-desc",
  "checkable",
  "checked",
  "clickable",
  "enabled",
  "focusable",
  "focused",
  "scrollable",
  "long-clickable",
  "password",
  "selected",
  "bounds",
];

/** The records between the snapshot marker and `</hierarchy>`: lines joined by line breaks, except Timber's cuts. */
function loggedXml(records: LogRecord[]): string {
  const start = records.findIndex((r) => r.message === "[TaskScope] UI Hierarchy:");
  const end = records.findIndex((r, i) => i > start && r.message.includes("</hierarchy>"));
  let xml = "";
  let previous: string | undefined;
  for (const { message } of records.slice(start + 1, end + 1)) {
    xml += previous === undefined || previous.length >= 4_000 ? message : `\n${message}`;
    previous = message;
  }
  return xml;
}

/** What the APK's serialization keeps of a hierarchy: the 17 attributes, in its order, defaults filled in. */
function asApkSees(hierarchy: UiHierarchy): UiHierarchy {
  const defaults: Record<string, string> = { index: "0", enabled: "true", bounds: "[0,0][0,0]" };
  const keep = (n: UiNode): UiNode => ({
    attributes: Object.fromEntries(
      ATTRIBUTES.map((a) => [
        a,
        n.attributes[a] ??
          defaults[a] ??
          (["text", "resource-id", "class", "package", "content-desc"].includes(a) ? "" : "false"),
      ]),
    ),
    children: n.children.map(keep),
  });
  return { rotation: hierarchy.rotation, attributes: {}, windows: hierarchy.windows.map(keep) };
}

/** `adb logcat -v time` lines, as the host reads them. */
const asLogcat = (records: LogRecord[]) =>
  records.map((r) => `01-02 03:04:05.678 ${r.priority}/${r.tag}(${r.pid}): ${r.message}`);

describe("snapshot_ui", () => {
  it("logs the stage, ONE hierarchy message that logcat prints line by line, and the APK's step data", async () => {
    const device = createDevice(
      screen(node({ text: 'Wi‑Fi & "more" <it\'s>', "resource-id": "android:id/title" }, node({ text: "on 😀" }))),
    );
    const envelope = await execute(device, [{ id: "snap", type: "snapshot_ui" }]);
    const from = device.log.records.findIndex((r) => r.message.startsWith("[UiActionEngine] step_start"));
    const to = device.log.records.findIndex((r) => r.message.startsWith("[UiActionEngine] step_success"));
    const attrs = (text: string, id: string) =>
      `index="0" text="${text}" resource-id="${id}" class="android.widget.FrameLayout" package="" ` +
      `content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" ` +
      `focused="false" scrollable="false" long-clickable="false" password="false" selected="false" ` +
      `bounds="[0,0][100,50]"`;
    expect(device.log.records.slice(from, to + 1).map((r) => [r.priority, r.tag, r.message])).toEqual([
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_start id=snap type=SnapshotUi"],
      [
        "D",
        "LoggingTaskStatusSink",
        "[Clawperator-Command] stage-start commandId=cmd-1 taskId=task-1 id=logUiTree label=Logging UI tree",
      ],
      ["D", "TaskScopeDefault", "[TaskScope] Logging UI tree"],
      ["D", "TaskScopeDefault", "[TaskScope] UI Hierarchy:"],
      ["D", "TaskScopeDefault", DECLARATION],
      ["D", "TaskScopeDefault", `<hierarchy rotation="0">`],
      [
        "D",
        "TaskScopeDefault",
        `  <node ${attrs("Wi‑Fi &amp; &quot;more&quot; &lt;it&apos;s&gt;", "android:id/title")}>`,
      ],
      ["D", "TaskScopeDefault", `    <node ${attrs("on 😀", "")} />`],
      ["D", "TaskScopeDefault", `  </node>`],
      ["D", "TaskScopeDefault", `</hierarchy>`],
      [
        "D",
        "LoggingTaskStatusSink",
        "[Clawperator-Command] stage-success commandId=cmd-1 taskId=task-1 id=logUiTree " +
          "data={stage_id=logUiTree, node_count=2, max_depth=2, " +
          "actual_format=hierarchy_xml, foreground_package=com.example, has_overlay=false, window_count=1, " +
          "truncated=false, elapsed_ms=0, attempt=1}",
      ],
      [
        "D",
        "UiActionEngineDefault",
        "[UiActionEngine] step_success id=snap type=SnapshotUi data={actual_format=hierarchy_xml, " +
          "foreground_package=com.example, has_overlay=false, window_count=1}",
      ],
    ]);
    expect(envelope.stepResults).toEqual([
      {
        id: "snap",
        actionType: "snapshot_ui",
        success: true,
        data: {
          actual_format: "hierarchy_xml",
          foreground_package: "com.example",
          has_overlay: "false",
          window_count: "1",
        },
      },
    ]);
  });

  it.each(FIXTURES)("%s: the logged lines join to XML that parses back to what the APK serializes", async (name) => {
    const hierarchy = loadFixture(name);
    const device = createDevice(hierarchy);
    await execute(device, [{ type: "snapshot_ui" }]);
    for (const { message } of device.log.records) expect(message.length).toBeLessThanOrEqual(4_000);
    const xml = loggedXml(device.log.records);
    expect(xml).toBe(apkHierarchyXml(hierarchy));
    expect(parseHierarchy(xml)).toEqual(asApkSees(hierarchy));
  });

  it("splits a message of 4,000+ UTF-16 units as Timber does: one record per line, a long line cut every 4,000 units", async () => {
    const long = `${"恒生指数".repeat(700)}${"é".repeat(1_501)}`;
    const hierarchy = screen(node({ text: long }, node({ "content-desc": "x".repeat(9_000) })));
    const device = createDevice(hierarchy);
    device.operator.handleCommand(
      payload([
        { id: "snap", type: "snapshot_ui" },
        { id: "ping", type: "doctor_ping" },
      ]),
    );
    await device.operator.idle();

    const xmlRecords = device.log.records.filter(
      (r) => r.tag === "TaskScopeDefault" && !r.message.startsWith("[TaskScope]"),
    );
    expect(xmlRecords.map((r) => r.message.length)).toEqual([
      DECLARATION.length,
      `<hierarchy rotation="0">`.length,
      4_000,
      expect.any(Number),
      4_000,
      4_000,
      expect.any(Number),
      "  </node>".length,
      "</hierarchy>".length,
    ]);
    expect(parseHierarchy(loggedXml(device.log.records))).toEqual(asApkSees(hierarchy));

    const collector = new ResultCollector({ commandId: "cmd-1", taskId: "task-1" });
    for (const line of asLogcat(device.log.records)) collector.feed(line);
    expect(collector.state).toMatchObject({ kind: "envelope", envelope: { status: "success" } });
    expect(collector.snapshots).toHaveLength(1);
    expect(parseHierarchy(collector.snapshots[0]!)).toEqual(asApkSees(hierarchy));
  });

  it("logs each snapshot step's screen as it is at that step; the host takes blocks after this command's start line", async () => {
    const device = createDevice(screen(node({ text: "other" })));
    device.operator.handleCommand(payload([{ type: "snapshot_ui" }], { commandId: "earlier" }));
    await device.operator.idle();
    device.ui.next.push(screen(node({ text: "before" })), screen(node({ text: "after" })));
    device.operator.handleCommand(payload([{ type: "snapshot_ui" }, { type: "snapshot_ui" }]));
    await device.operator.idle();
    const collector = new ResultCollector({ commandId: "cmd-1", taskId: "task-1" });
    for (const line of asLogcat(device.log.records)) collector.feed(line);
    expect(collector.snapshots.map((xml) => parseHierarchy(xml).windows[0]!.attributes.text)).toEqual([
      "before",
      "after",
    ]);
  });
});
