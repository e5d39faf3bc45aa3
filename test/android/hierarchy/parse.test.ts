import { describe, expect, it } from "vitest";
import { HierarchyIndex, HierarchyParseError, parseHierarchy, type UiNode } from "../../../android/hierarchy/index.ts";
import { FIXTURES, loadFixture, NODE_COUNTS, readFixture } from "./fixtures.ts";

const nodesOf = (name: string) => new HierarchyIndex(loadFixture(name)).nodes;
const withText = (nodes: UiNode[], text: string) => nodes.filter((n) => n.attributes.text === text);
const one = (body: string) => parseHierarchy(`<hierarchy rotation="0">${body}</hierarchy>`).windows[0]!.attributes;

describe("parseHierarchy on the recorded dumps", () => {
  it("knows every fixture", () => {
    expect([...FIXTURES].sort()).toEqual(Object.keys(NODE_COUNTS).sort());
  });

  it.each(FIXTURES)("%s parses with the node count SOURCES.md records", (name) => {
    expect(nodesOf(name)).toHaveLength(NODE_COUNTS[name]!);
  });

  it("cuts the trailer `uiautomator dump /dev/tty` prints after </hierarchy>", () => {
    const raw = readFixture("twitter_search_devtty_trailer_malformed.xml");
    expect(raw.endsWith("</hierarchy>UI hierchary dumped to: /dev/tty\n")).toBe(true);
    expect(parseHierarchy(raw)).toEqual(parseHierarchy(raw.slice(0, raw.lastIndexOf("UI hierchary"))));
  });

  it("decodes entities once: &amp; &gt; &lt; &apos; &#10; and numeric references outside the BMP", () => {
    expect(withText(nodesOf("settings_main_homepage.xml"), "Network & internet")).toHaveLength(1);
    expect(withText(nodesOf("futu_trader_position_history_recyclerview_cjk.xml"), "0.00%->8.90%")).toHaveLength(1);
    const futu = nodesOf("futu_trader_position_history_recyclerview_cjk.xml").map((n) => n.attributes.text ?? "");
    expect(futu.filter((t) => t.includes("底分型试一下 7226\n$南方两倍做多恒科 (07226.HK)$"))).toHaveLength(1);
    expect(withText(nodesOf("familyhub_settings_react_native_landscape_emoji.xml"), "📅")).toHaveLength(1);
  });

  it('reads single-quoted values holding " and &apos;', () => {
    const chat = nodesOf("compose_chat_entities_single_quoted_attrs.xml").map((n) => n.attributes.text ?? "");
    const reply = chat.find((t) => t.includes("Since it's just a greeting"))!;
    expect(reply).toContain('Okay, the user just said "nihaohello" which translates to "hi there."');
    expect(reply.startsWith("<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n")).toBe(true);
  });

  it("keeps raw UTF-8 as written: Vietnamese, U+FEFF, U+FE0F, Private Use Area glyphs", () => {
    expect(withText(nodesOf("settings_usb_alertdialog_vietnamese.xml"), "Dùng USB để truyền tải file?")).toHaveLength(
      1,
    );
    expect(
      nodesOf("twitter_search_devtty_trailer_malformed.xml").some((n) =>
        n.attributes.text?.startsWith("Replying to \ufeff@hartsea82"),
      ),
    ).toBe(true);
    const family = nodesOf("familyhub_settings_react_native_landscape_emoji.xml").map(
      (n) => n.attributes["content-desc"] ?? "",
    );
    expect(family.some((d) => d.startsWith("🗣\ufe0f, Face Re"))).toBe(true);
    expect(family.some((d) => d.endsWith("Google Calendar subscriptions, \ueb3c"))).toBe(true);
  });

  it("keeps rotation, floating windows, zero-size nodes and every attribute in document order", () => {
    const family = loadFixture("familyhub_settings_react_native_landscape_emoji.xml");
    expect(family.rotation).toBe("1");
    expect(
      nodesOf("familyhub_settings_react_native_landscape_emoji.xml").filter((n) => n.attributes.bounds === "[0,0][0,0]")
        .length,
    ).toBeGreaterThan(0);
    expect(loadFixture("permissioncontroller_location_prompt.xml").windows[0]!.attributes.bounds).toBe(
      "[34,703][1310,2376]",
    );
    const twitterNode = nodesOf("twitter_search_devtty_trailer_malformed.xml")[0]!;
    expect(Object.keys(twitterNode.attributes)).toEqual([
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
      "drawing-order",
      "hint",
    ]);
  });

  it("several windows become several top-level nodes; a self-closed hierarchy has none", () => {
    const h = parseHierarchy(
      `<hierarchy rotation="0"><node package="a" /><node package="b"><node package="b" /></node></hierarchy>`,
    );
    expect(h.windows.map((w) => [w.attributes.package, w.children.length])).toEqual([
      ["a", 0],
      ["b", 1],
    ]);
    expect(parseHierarchy(`<?xml version='1.0' ?><hierarchy rotation="3" />`)).toEqual({
      rotation: "3",
      attributes: {},
      windows: [],
    });
    expect(parseHierarchy(`<hierarchy><node /></hierarchy>`).rotation).toBe("0");
  });

  it("stores values verbatim: no number parsing, no trimming, no second decoding", () => {
    expect(one(`<node text="007" index="1e3" content-desc=" a  b " checked="true" />`)).toEqual({
      text: "007",
      index: "1e3",
      "content-desc": " a  b ",
      checked: "true",
    });
    expect(one(`<node text="&amp;lt;b&amp;gt; &amp;amp; &amp;#10; &#38;lt;" />`).text).toBe(
      "&lt;b&gt; &amp; &#10; &lt;",
    );
    expect(one(`<node text="&#x1F600;&#9;&#13;&quot;" />`).text).toBe('😀\t\r"');
    expect(one(`<node text="tab\there" />`).text).toBe("tab\there");
  });
});

describe("parseHierarchy refuses what is not a well-formed hierarchy", () => {
  it.each([
    ["no hierarchy at all", "<html><body/></html>", /no <hierarchy> element/],
    ["an unclosed hierarchy", `<hierarchy rotation="0"><node />`, /never closed/],
    [
      "a node never closed",
      `<hierarchy rotation="0"><node></hierarchy>`,
      /line 1, column \d+: Expected closing tag 'node'/,
    ],
    ["an unquoted value", `<hierarchy rotation="0"><node text=a /></hierarchy>`, /Attribute 'text'/],
    ["a repeated attribute", `<hierarchy rotation="0"><node text="a" text="b" /></hierarchy>`, /repeated/],
    [
      "a bare ampersand",
      `<hierarchy rotation="0"><node text="A & B" /></hierarchy>`,
      /bare "&" in the attribute value "A & B"/,
    ],
    ["an HTML entity", `<hierarchy rotation="0"><node text="a&nbsp;b" /></hierarchy>`, /unknown entity &nbsp;/],
    [
      "a reference beyond Unicode",
      `<hierarchy rotation="0"><node text="&#1114112;" /></hierarchy>`,
      /beyond U\+10FFFF/,
    ],
    [
      "a foreign element",
      `<hierarchy rotation="0"><node><view /></node></hierarchy>`,
      /unexpected <view> inside <node>/,
    ],
    [
      "text between nodes",
      `<hierarchy rotation="0"><node /> stray </hierarchy>`,
      /unexpected text "stray" inside <hierarchy>/,
    ],
    [
      "a reserved attribute name",
      `<hierarchy rotation="0"><node constructor="x" /></hierarchy>`,
      /invalid hierarchy XML/,
    ],
  ])("%s", (_, xml, message) => {
    expect(() => parseHierarchy(xml)).toThrow(HierarchyParseError);
    expect(() => parseHierarchy(xml)).toThrow(message);
  });

  it("whitespace and comments between elements are layout, not content", () => {
    const h = parseHierarchy(
      `<hierarchy rotation="0">\n  <!-- a & b -->\n  <node text="x">\n    <node />\n  </node>\n</hierarchy>\n`,
    );
    expect(h.windows).toEqual([{ attributes: { text: "x" }, children: [{ attributes: {}, children: [] }] }]);
  });
});
