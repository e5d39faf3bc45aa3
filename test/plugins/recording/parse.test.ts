import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRecordingText } from "../../../plugins/recording/parse/parse-recording-file.ts";
import { MAX_RECORDING_BYTES } from "../../../plugins/recording/recording-paths.ts";
import { normalizeV1, summaryLines } from "../../../plugins/recording/parse/normalize-v1.ts";
import { readRecording } from "../../../plugins/recording/parse/recording-events.ts";
import { caught } from "../../helpers/caught.ts";
import { RecordingBuilder, snapshot } from "../../helpers/recording-fixture.ts";

const SHOP = "com.example.shop";
const screen = snapshot(SHOP, [{ id: `${SHOP}:id/search_button`, desc: "Search", bounds: [900, 120, 1040, 260] }]);
const parse = (text: string) => normalizeV1(readRecording(text));

describe("record parse: the reference's v1 step log", () => {
  it("docs/recording.md's constructed example, field for field", () => {
    // header; window_change(0, snapshot); click(1); scroll(2); text_change(3); click(4, snapshot null).
    const text = new RecordingBuilder("demo-42")
      .window(SHOP, screen)
      .click(SHOP, { id: `${SHOP}:id/search_button`, desc: "Search", bounds: [900, 120, 1040, 260] }, screen)
      .scroll(SHOP, 300)
      .type(SHOP, "r")
      .click(SHOP, { text: "Running shoes", bounds: [0, 400, 1080, 520] }, null)
      .text();
    expect(parse(text)).toEqual({
      sessionId: "demo-42",
      schemaVersion: 1,
      steps: [
        { seq: 0, type: "open_app", packageName: SHOP, uiStateBefore: screen },
        {
          seq: 1,
          type: "click",
          packageName: SHOP,
          resourceId: `${SHOP}:id/search_button`,
          text: null,
          contentDesc: "Search",
          bounds: { left: 900, top: 120, right: 1040, bottom: 260 },
          uiStateBefore: screen,
        },
        {
          seq: 4,
          type: "click",
          packageName: SHOP,
          resourceId: null,
          text: "Running shoes",
          contentDesc: null,
          bounds: { left: 0, top: 400, right: 1080, bottom: 520 },
          uiStateBefore: null,
        },
      ],
      _warnings: [
        "seq 4: snapshot missing on click event (uiStateBefore null)",
        "seq 2: scroll event dropped (not extracted in v1)",
      ],
    });
  });

  it("sorts by seq, not by file order; only the first window_change opens an app, even after clicks", () => {
    const lines = new RecordingBuilder()
      .click("com.android.launcher3", { text: "Shop", bounds: [0, 0, 10, 10] }, screen)
      .window(SHOP, null)
      .window("com.other", screen)
      .back(null).lines;
    // Written out of order: the window lines first.
    const text = [lines[0], lines[2], lines[3], lines[1], lines[4]].join("\n");
    const log = parse(text);
    expect(log.steps.map((s) => `${s.seq}:${s.type}:${s.packageName}`)).toEqual([
      "0:click:com.android.launcher3",
      "1:open_app:com.example.shop",
    ]);
    // Snapshot warnings come in file order, for window_changes that made no step too; press_key is not checked.
    expect(log._warnings).toEqual(["seq 1: snapshot missing on window_change event (uiStateBefore null)"]);
  });

  it("a header-only file is valid with no steps and no _warnings; blank lines and CRLF are ignored", () => {
    expect(parse(`\r\n${new RecordingBuilder("only").lines[0]}\r\n\r\n`)).toEqual({
      sessionId: "only",
      schemaVersion: 1,
      steps: [],
    });
  });

  it("keeps only the fields it knows: extras on a line, however deep, never reach the log", () => {
    const deep = `${"[".repeat(100_000)}1${"]".repeat(100_000)}`;
    const header = new RecordingBuilder().lines[0]!;
    const click = {
      ts: 1,
      seq: 0,
      snapshot: { not: "text" },
      packageName: SHOP,
      resourceId: null,
      text: "Buy",
      contentDesc: null,
      bounds: { left: 1, top: 2, right: 3, bottom: 4, extra: "x" },
      type: "click",
    };
    const line = `${JSON.stringify(click).slice(0, -1)},"deep":${deep}}`;
    const log = parse(`${header}\n${line}`);
    expect(JSON.stringify(log.steps[0])).toBe(
      '{"seq":0,"type":"click","packageName":"com.example.shop","resourceId":null,"text":"Buy","contentDesc":null,' +
        '"bounds":{"left":1,"top":2,"right":3,"bottom":4},"uiStateBefore":null}',
    );
    expect(log._warnings).toEqual(["seq 0: snapshot missing on click event (uiStateBefore null)"]);
  });

  it("prints the reference's summary: [seq] type padded to 10, then the details, control characters escaped", () => {
    const log = parse(
      new RecordingBuilder()
        .window(SHOP, screen)
        .click(SHOP, { text: "Buy \u001b[31mnow", id: `${SHOP}:id/buy`, desc: "Buy it", bounds: [0, 0, 1, 1] }, screen)
        .click(SHOP, { bounds: [0, 0, 1, 1] }, screen)
        .text(),
    );
    expect(summaryLines(log)).toEqual([
      "[0] open_app   com.example.shop",
      `[1] click      text="Buy \\u001b[31mnow" resourceId=${SHOP}:id/buy contentDesc="Buy it"`,
      "[2] click      (no selector)",
    ]);
  });
});

describe("record parse: validation, in the reference's order and words", () => {
  const header = new RecordingBuilder().lines[0]!;
  const event = (fields: Record<string, unknown>) => JSON.stringify({ ts: 5, seq: 0, snapshot: null, ...fields });
  const cases: Array<[string, string, string]> = [
    ["an empty file", " \n\r\n", "Empty recording file"],
    ["a first line that is no JSON", "nope\n", "Missing or invalid recording header"],
    [
      "a header without operatorPackage",
      '{"type":"recording_header","schemaVersion":1,"sessionId":"s","startedAt":1}',
      "Missing or invalid recording header",
    ],
    [
      "a header with a string schemaVersion",
      header.replace('"schemaVersion":1', '"schemaVersion":"1"'),
      "Missing or invalid recording header",
    ],
    [
      "a line that is no JSON (counted among non-empty lines)",
      `${header}\n\n${event({ type: "scroll", packageName: "p", resourceId: null, scrollX: 0, scrollY: 0, maxScrollX: 0, maxScrollY: 0 })}\n{oops`,
      "Malformed NDJSON at line 3",
    ],
    [
      "an event without seq",
      `${header}\n{"ts":1,"type":"click"}`,
      "Invalid event at line 2: missing required fields (ts, seq, type)",
    ],
    [
      "an event whose type is a number",
      `${header}\n{"ts":1,"seq":0,"type":7}`,
      "Invalid event at line 2: missing required fields (ts, seq, type)",
    ],
    ["a JSON null line", `${header}\nnull`, "Invalid event at line 2: missing required fields (ts, seq, type)"],
    [
      "a window_change without packageName",
      `${header}\n${event({ type: "window_change", className: null, title: null })}`,
      "Invalid window_change event at line 2: missing packageName",
    ],
    [
      "a click missing the resourceId key",
      `${header}\n${event({ type: "click", packageName: "p", text: null, contentDesc: null, bounds: { left: 0, top: 0, right: 0, bottom: 0 } })}`,
      "Invalid click event at line 2: missing required fields",
    ],
    [
      "a click with string bounds",
      `${header}\n${event({ type: "click", packageName: "p", resourceId: null, text: null, contentDesc: null, bounds: { left: "0", top: 0, right: 0, bottom: 0 } })}`,
      "Invalid click event at line 2: missing required fields",
    ],
    [
      "a scroll without maxScrollY",
      `${header}\n${event({ type: "scroll", packageName: "p", resourceId: null, scrollX: 0, scrollY: 0, maxScrollX: 0 })}`,
      "Invalid scroll event at line 2: missing required fields",
    ],
    [
      "a text_change with null text",
      `${header}\n${event({ type: "text_change", packageName: "p", resourceId: null, text: null })}`,
      "Invalid text_change event at line 2: missing required fields",
    ],
    [
      "a press_key of home",
      `${header}\n${event({ type: "press_key", key: "home" })}`,
      "Invalid press_key event at line 2: missing or invalid key",
    ],
    ["an unknown type", `${header}\n${event({ type: "long_click" })}`, "Unknown event type at line 2: long_click"],
    [
      "a type named after an Object property",
      `${header}\n${event({ type: "constructor" })}`,
      "Unknown event type at line 2: constructor",
    ],
  ];
  it.each(cases)("%s is RECORDING_PARSE_FAILED", async (_, text, message) => {
    const error = await caught(() => readRecording(text));
    expect({ code: error.code, message: error.message }).toEqual({ code: "RECORDING_PARSE_FAILED", message });
  });

  it("a header of schema version 2 is RECORDING_SCHEMA_VERSION_UNSUPPORTED, before any event is read", async () => {
    const error = await caught(() => readRecording(`${new RecordingBuilder("s", 1, "p", 2).lines[0]}\n{bad`));
    expect({ code: error.code, message: error.message }).toEqual({
      code: "RECORDING_SCHEMA_VERSION_UNSUPPORTED",
      message: "Unsupported recording schema version: 2",
    });
  });
});

describe("record parse: reading the file", () => {
  it("a file over the recording limit is refused from its size, a directory as not a regular file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rec-read-"));
    try {
      const big = join(dir, "big.ndjson");
      writeFileSync(big, "");
      truncateSync(big, MAX_RECORDING_BYTES + 1);
      expect(await caught(() => readRecordingText(big))).toMatchObject({
        code: "RECORDING_PARSE_FAILED",
        message: `Cannot read recording file ${big}: it is ${MAX_RECORDING_BYTES + 1} bytes, over the limit of ${MAX_RECORDING_BYTES}`,
      });
      expect((await caught(() => readRecordingText(dir))).message).toContain("not a regular file");
      writeFileSync(big, "h\u00e9llo");
      expect(readRecordingText(big)).toBe("h\u00e9llo");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
