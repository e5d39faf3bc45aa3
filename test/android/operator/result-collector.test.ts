import { describe, expect, it } from "vitest";
import { ResultCollector } from "../../../android/operator/result-collector.ts";

const envelope = (commandId: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ commandId, taskId: "t", status: "success", stepResults: [{ id: "s", actionType: "snapshot_ui", success: true, data: { actual_format: "hierarchy_xml" } }], error: null, ...extra });
const time = (pid: number, p: string, tag: string, message: string) => `11-22 18:00:00.000 ${p}/${tag}(${String(pid).padStart(5)}): ${message}`;

describe("ResultCollector", () => {
  it("reads its own envelope and ignores other commands", () => {
    const c = new ResultCollector("cmd-1");
    expect(c.feed(time(9, "I", "X", `[Clawperator-Result] ${envelope("other")}`))).toBe(false);
    expect(c.feed(time(9, "I", "X", `[Clawperator-Result] ${envelope("cmd-1")}`))).toBe(true);
    expect(c.state.kind).toBe("envelope");
  });

  it("collects a tagged snapshot block, skipping interleaved lines of other processes", () => {
    const c = new ResultCollector("cmd-1");
    c.feed(time(7, "D", "Op", "[TaskScope] UI Hierarchy [commandId=cmd-1]:"));
    c.feed(time(7, "D", "Op", "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"));
    c.feed(time(3, "I", "Other", "unrelated <b>"));
    c.feed(time(7, "D", "Op", "<hierarchy rotation=\"0\">"));
    c.feed(time(7, "D", "Op", "  <node text=\"a\" />"));
    c.feed(time(7, "D", "Op", "</hierarchy>"));
    c.feed(time(7, "I", "Op", `[Clawperator-Result] ${envelope("cmd-1")}`));
    expect(c.snapshots).toEqual(["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">\n  <node text=\"a\" />\n</hierarchy>"]);
  });

  it("joins a line Timber cut at 4,000 units without a newline, and keeps a raw line break inside a value", () => {
    const c = new ResultCollector("cmd-1");
    const head = `<hierarchy rotation="0"><node content-desc="${"x".repeat(4_000)}`.slice(0, 4_000);
    c.feed(time(7, "D", "Op", "[TaskScope] UI Hierarchy:"));
    c.feed(time(7, "D", "Op", head));
    c.feed(time(7, "D", "Op", `${"x".repeat(25)}" text="two`));
    c.feed(time(7, "D", "Op", `lines" /></hierarchy>`));
    expect(c.snapshots).toEqual([`${head}${"x".repeat(25)}" text="two\nlines" /></hierarchy>`]);
  });

  it("drops legacy snapshot blocks that belong to an earlier command", () => {
    const c = new ResultCollector("cmd-2");
    c.feed(time(7, "D", "Op", "[TaskScope] UI Hierarchy:"));
    c.feed(time(7, "D", "Op", "<hierarchy rotation=\"0\"><node text=\"old\" /></hierarchy>"));
    c.feed(time(7, "I", "Op", `[Clawperator-Result] ${envelope("cmd-1")}`));
    c.feed(time(7, "D", "Op", "[TaskScope] UI Hierarchy:"));
    c.feed(time(7, "D", "Op", "<hierarchy rotation=\"0\"><node text=\"new\" /></hierarchy>"));
    c.feed(time(7, "I", "Op", `[Clawperator-Result] ${envelope("cmd-2")}`));
    expect(c.snapshots).toHaveLength(1);
    expect(c.snapshots[0]).toContain("new");
  });

  it("reports an unparseable envelope that names its commandId as malformed", () => {
    const c = new ResultCollector("cmd-1");
    expect(c.feed(time(7, "I", "Op", '[Clawperator-Result] {"commandId":"cmd-1","status":'))).toBe(true);
    expect(c.state.kind).toBe("malformed");
    const d = new ResultCollector("cmd-1");
    expect(d.feed(time(7, "I", "Op", '[Clawperator-Result] {"commandId":"cmd-9",'))).toBe(false);
  });

  it("takes an envelope in the APK's exact form as is, keeping only the schema's keys", async () => {
    const c = new ResultCollector("cmd-1");
    c.feed(time(7, "I", "Op", `[Clawperator-Result] ${envelope("cmd-1", { errorCode: null, apkVersion: "9" })}`));
    expect(c.state.kind).toBe("envelope");
    expect(await c.checked()).toEqual({
      kind: "envelope",
      envelope: { commandId: "cmd-1", taskId: "t", status: "success", stepResults: [{ id: "s", actionType: "snapshot_ui", success: true, data: { actual_format: "hierarchy_xml" } }], error: null, errorCode: null },
    });
  });

  it("validates any other envelope with the schema: defaults filled in, wrong types malformed", async () => {
    const sparse = new ResultCollector("cmd-1");
    sparse.feed(time(7, "I", "Op", `[Clawperator-Result] ${JSON.stringify({ commandId: "cmd-1", taskId: "t", status: "failed" })}`));
    expect(await sparse.checked()).toEqual({ kind: "envelope", envelope: { commandId: "cmd-1", taskId: "t", status: "failed", stepResults: [], error: null } });

    const wrong = new ResultCollector("cmd-1");
    wrong.feed(time(7, "I", "Op", `[Clawperator-Result] ${envelope("cmd-1", { status: "done" })}`));
    const state = await wrong.checked();
    expect(state).toMatchObject({ kind: "malformed" });
    expect(state.kind === "malformed" && state.reason).toContain("status");

    const nonString = new ResultCollector("cmd-1");
    nonString.feed(time(7, "I", "Op", `[Clawperator-Result] ${JSON.stringify({ commandId: "cmd-1", taskId: "t", status: "success", stepResults: [{ id: "s", actionType: "read_text", success: true, data: { text: 5 } }], error: null })}`));
    expect(await nonString.checked()).toMatchObject({ kind: "malformed" });
  });

  it("keeps the last TaskScopeDefault lines as evidence", () => {
    const c = new ResultCollector("cmd-1");
    for (let i = 0; i < 15; i++) c.feed(time(7, "D", "Op", `TaskScopeDefault: step ${i}`));
    expect(c.evidence).toHaveLength(10);
    expect(c.evidence.at(-1)).toContain("step 14");
  });

  it("understands -v tag and -v threadtime lines too", () => {
    const c = new ResultCollector("cmd-1");
    expect(c.feed(`I/Op: [Clawperator-Result] ${envelope("cmd-1")}`)).toBe(true);
    const d = new ResultCollector("cmd-1");
    expect(d.feed(`11-22 18:00:00.000  1234  1250 I Op      : [Clawperator-Result] ${envelope("cmd-1")}`)).toBe(true);
  });

  it("wait() resolves when the envelope arrives", async () => {
    const c = new ResultCollector("cmd-1");
    const waiting = c.wait(10_000);
    c.feed(time(7, "I", "Op", `[Clawperator-Result] ${envelope("cmd-1")}`));
    await waiting;
    expect(c.state.kind).toBe("envelope");
  });
});
