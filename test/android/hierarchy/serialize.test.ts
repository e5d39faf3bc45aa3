import { describe, expect, it } from "vitest";
import { parseHierarchy, serializeHierarchy, type UiHierarchy } from "../../../android/hierarchy/index.ts";
import { FIXTURES, loadFixture, readFixture } from "./fixtures.ts";

const DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";
const single = (attributes: Record<string, string>): UiHierarchy => ({
  rotation: "0",
  attributes: {},
  windows: [{ attributes, children: [] }],
});
const nodeXml = (attributes: Record<string, string>) =>
  serializeHierarchy(single(attributes)).slice(`${DECLARATION}<hierarchy rotation="0">`.length, -"</hierarchy>".length);

describe("serializeHierarchy", () => {
  it.each(FIXTURES)("%s: compact output is the recorded dump byte for byte (up to </hierarchy>)", (name) => {
    const raw = readFixture(name);
    expect(serializeHierarchy(loadFixture(name))).toBe(
      raw.slice(0, raw.lastIndexOf("</hierarchy>") + "</hierarchy>".length),
    );
  });

  it.each(FIXTURES)("%s round-trips through both layouts", (name) => {
    const hierarchy = loadFixture(name);
    expect(parseHierarchy(serializeHierarchy(hierarchy, { layout: "compact" }))).toEqual(hierarchy);
    expect(parseHierarchy(serializeHierarchy(hierarchy, { layout: "lines" }))).toEqual(hierarchy);
  });

  it.each([
    [{ text: `5' 5"` }, `<node text='5&apos; 5"' />`],
    [{ text: "it's" }, `<node text="it's" />`],
    [{ text: "a & <b> -> c" }, `<node text="a &amp; &lt;b&gt; -&gt; c" />`],
    [{ text: "line\nnext\r\tx" }, `<node text="line&#10;next&#13;&#9;x" />`],
    [
      { "content-desc": "📅 🗣\ufe0f \ueb3c 恒生 Dùng" },
      `<node content-desc="&#128197; &#128483;\ufe0f \ueb3c 恒生 Dùng" />`,
    ],
    [{ text: "&lt;" }, `<node text="&amp;lt;" />`],
    [{ text: "\u0001\ud800" }, `<node text="&#1;&#55296;" />`],
    [{}, `<node />`],
  ])("writes %o as %s", (attributes, expected) => {
    expect(nodeXml(attributes)).toBe(expected);
    expect(parseHierarchy(serializeHierarchy(single(attributes)))).toEqual(single(attributes));
  });

  it("lines layout: one element per line, indented by depth, so the operator can log it line by line", () => {
    const h: UiHierarchy = {
      rotation: "1",
      attributes: {},
      windows: [
        { attributes: { text: "a\nb" }, children: [{ attributes: { text: "c" }, children: [] }] },
        { attributes: {}, children: [] },
      ],
    };
    expect(serializeHierarchy(h, { layout: "lines" }).split("\n")).toEqual([
      DECLARATION,
      `<hierarchy rotation="1">`,
      `  <node text="a&#10;b">`,
      `    <node text="c" />`,
      `  </node>`,
      `  <node />`,
      `</hierarchy>`,
    ]);
    expect(serializeHierarchy(h)).toBe(
      `${DECLARATION}<hierarchy rotation="1"><node text="a&#10;b"><node text="c" /></node><node /></hierarchy>`,
    );
  });

  it("keeps other attributes of <hierarchy> after rotation", () => {
    const h: UiHierarchy = { rotation: "0", attributes: { "display-id": "2" }, windows: [] };
    expect(serializeHierarchy(h)).toBe(`${DECLARATION}<hierarchy rotation="0" display-id="2"></hierarchy>`);
    expect(parseHierarchy(serializeHierarchy(h))).toEqual(h);
  });
});
