import { describe, expect, it } from "vitest";
import { RESULT_PREFIX } from "../../../../core/contracts/envelope.ts";
import { parseHierarchy, serializeHierarchy } from "../../../../android/hierarchy/index.ts";
import { ResultCollector } from "../../../../android/operator/result-collector.ts";
import { FIXTURES, loadFixture } from "../../hierarchy/fixtures.ts";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute, payload, type LogRecord } from "./harness.ts";

const DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";

/** The records between the snapshot marker and `</hierarchy>`, joined the way the host does. */
function loggedXml(records: LogRecord[]): string {
  const start = records.findIndex((r) => r.message.startsWith("[TaskScope] UI Hierarchy"));
  const end = records.findIndex((r, i) => i > start && r.message.includes("</hierarchy>"));
  let xml = "";
  for (const { message } of records.slice(start + 1, end + 1)) xml += xml === "" || !xml.endsWith(">") ? message : `\n${message}`;
  return xml;
}

/** `adb logcat -v time` lines, as the host reads them. */
const asLogcat = (records: LogRecord[]) => records.map((r) => `01-02 03:04:05.678 ${r.priority}/${r.tag}(${r.pid}): ${r.message}`);

describe("snapshot_ui", () => {
  it("logs the marker, the XML one line per record, then the result line", async () => {
    const device = createDevice(screen(node({ text: "Wi‑Fi & more", "resource-id": "android:id/title" }, node({ text: "on" }))));
    await execute(device, [{ id: "snap", type: "snapshot_ui" }]);
    const records = device.log.records.filter((r) => !r.message.startsWith("TaskScopeDefault: "));
    expect(records.map((r) => [r.priority, r.tag, r.message])).toEqual([
      ["D", "TaskScopeDefault", "[TaskScope] UI Hierarchy [commandId=cmd-1]:"],
      ["D", "TaskScopeDefault", DECLARATION],
      ["D", "TaskScopeDefault", `<hierarchy rotation="0">`],
      ["D", "TaskScopeDefault", `  <node text="Wi‑Fi &amp; more" resource-id="android:id/title" class="android.widget.FrameLayout" bounds="[0,0][100,50]">`],
      ["D", "TaskScopeDefault", `    <node text="on" resource-id="" class="android.widget.FrameLayout" bounds="[0,0][100,50]" />`],
      ["D", "TaskScopeDefault", `  </node>`],
      ["D", "TaskScopeDefault", `</hierarchy>`],
      [
        "I",
        "AgentCommandExecutorDefault",
        `${RESULT_PREFIX}{"commandId":"cmd-1","taskId":"task-1","status":"success","stepResults":[{"id":"snap","actionType":"snapshot_ui","success":true,"data":{"actual_format":"hierarchy_xml"}}],"error":null}`,
      ],
    ]);
  });

  it("writes the legacy marker when configured so", async () => {
    const device = createDevice(screen(node({})), { snapshotMarker: "legacy" });
    await execute(device, [{ type: "snapshot_ui" }]);
    expect(device.log.records.some((r) => r.message === "[TaskScope] UI Hierarchy:")).toBe(true);
  });

  it.each(FIXTURES)("%s: the logged lines join to XML that parses back to the same hierarchy", async (name) => {
    const hierarchy = loadFixture(name);
    const device = createDevice(hierarchy);
    await execute(device, [{ type: "snapshot_ui" }]);
    for (const { message } of device.log.records) expect(Buffer.byteLength(message)).toBeLessThanOrEqual(4_000);
    const xml = loggedXml(device.log.records);
    expect(xml).toBe(serializeHierarchy(hierarchy, { layout: "lines" }));
    expect(parseHierarchy(xml)).toEqual(hierarchy);
  });

  it("cuts a line over 4,000 UTF-8 bytes into chunks between code points, and the host reassembles it", async () => {
    // Emoji are written as &#…; references; raw CJK (3 bytes) and unpaired text make the byte count uneven.
    const long = `${"恒生指数".repeat(700)}😀${"é".repeat(1_501)}`;
    const hierarchy = screen(node({ text: long }, node({ "content-desc": "x".repeat(9_000) })));
    const device = createDevice(hierarchy);
    device.operator.handleCommand(payload([{ id: "snap", type: "snapshot_ui" }, { id: "ping", type: "doctor_ping" }]));
    await device.operator.idle();

    const xmlRecords = device.log.records.filter((r) => r.tag === "TaskScopeDefault" && !r.message.startsWith("TaskScopeDefault: "));
    expect(xmlRecords.length).toBeGreaterThan(10);
    for (const { message } of xmlRecords) {
      expect(Buffer.byteLength(message)).toBeLessThanOrEqual(4_000);
      expect(message).toBe(Buffer.from(message, "utf8").toString("utf8"));
      expect(message).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
    expect(parseHierarchy(loggedXml(device.log.records))).toEqual(hierarchy);

    const collector = new ResultCollector({ commandId: "cmd-1", taskId: "task-1" });
    for (const line of asLogcat(device.log.records)) collector.feed(line);
    expect(collector.state).toMatchObject({ kind: "envelope", envelope: { status: "success" } });
    expect(collector.snapshots).toHaveLength(1);
    expect(parseHierarchy(collector.snapshots[0]!)).toEqual(hierarchy);
  });

  it("logs each snapshot step's screen as it is at that step", async () => {
    const device = createDevice(screen(node({ text: "before" })));
    device.ui.next.push(screen(node({ text: "before" })), screen(node({ text: "after" })));
    await execute(device, [{ type: "snapshot_ui" }, { type: "snapshot_ui" }]);
    const collector = new ResultCollector({ commandId: "cmd-1", taskId: "task-1" });
    for (const line of asLogcat(device.log.records)) collector.feed(line);
    expect(collector.snapshots.map((xml) => parseHierarchy(xml).windows[0]!.attributes.text)).toEqual(["before", "after"]);
  });
});
