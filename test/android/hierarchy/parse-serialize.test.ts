import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HierarchyIndex, HierarchyParseError, parseHierarchy, serializeHierarchy } from "../../../android/hierarchy/index.ts";

const dir = join(import.meta.dirname, "../../fixtures/hierarchy");
const fixtures = readdirSync(dir).filter((f) => f.endsWith(".xml"));
const load = (name: string) => parseHierarchy(readFileSync(join(dir, name), "utf8"));

// Node counts from test/fixtures/hierarchy/SOURCES.md.
const NODE_COUNTS: Record<string, number> = {
  "settings_main_homepage.xml": 66,
  "futu_trader_position_history_recyclerview_cjk.xml": 224,
  "permissioncontroller_location_prompt.xml": 18,
  "settings_usb_alertdialog_vietnamese.xml": 16,
  "protonvpn_home_compose_testtags.xml": 66,
  "jukandian_article_webview_cjk_504nodes.xml": 504,
  "compose_chat_entities_single_quoted_attrs.xml": 30,
  "familyhub_settings_react_native_landscape_emoji.xml": 77,
  "twitter_search_devtty_trailer_malformed.xml": 83,
};

describe("parseHierarchy on real dumps", () => {
  it.each(fixtures)("%s parses with the recorded node count and round-trips in both layouts", (name) => {
    const hierarchy = load(name);
    expect(new HierarchyIndex(hierarchy).nodes).toHaveLength(NODE_COUNTS[name]!);
    expect(parseHierarchy(serializeHierarchy(hierarchy))).toEqual(hierarchy);
    expect(parseHierarchy(serializeHierarchy(hierarchy, { layout: "lines" }))).toEqual(hierarchy);
  });

  it("decodes single-quoted attributes, &apos;, numeric references and keeps raw text", () => {
    const chat = new HierarchyIndex(load("compose_chat_entities_single_quoted_attrs.xml"));
    expect(chat.nodes.some((n) => (n.attributes.text ?? "").includes('"nihaohello"'))).toBe(true);
    const family = new HierarchyIndex(load("familyhub_settings_react_native_landscape_emoji.xml"));
    expect(family.hierarchy.rotation).toBe("1");
    expect(family.nodes.some((n) => (n.attributes.text ?? "").includes("📅"))).toBe(true);
    const futu = new HierarchyIndex(load("futu_trader_position_history_recyclerview_cjk.xml"));
    expect(futu.nodes.some((n) => (n.attributes.text ?? "").includes("\n"))).toBe(true);
  });

  it("ignores the trailer `uiautomator dump /dev/tty` prints", () => {
    const text = readFileSync(join(dir, "twitter_search_devtty_trailer_malformed.xml"), "utf8");
    expect(text.trimEnd().endsWith("/dev/tty")).toBe(true);
    expect(load("twitter_search_devtty_trailer_malformed.xml").windows.length).toBeGreaterThan(0);
  });

  it("keeps values exactly: leading zeros, spaces, entity-looking text", () => {
    const h = parseHierarchy(`<hierarchy rotation="0"><node text="007" content-desc=" a  b " resource-id="&amp;lt;" bounds="[0,0][1,1]" /></hierarchy>`);
    expect(h.windows[0]!.attributes).toEqual({ text: "007", "content-desc": " a  b ", "resource-id": "&lt;", bounds: "[0,0][1,1]" });
  });

  it("refuses what is not a hierarchy, with a parse error", () => {
    expect(() => parseHierarchy("<html></html>")).toThrow(HierarchyParseError);
    expect(() => parseHierarchy("<hierarchy><node></hierarchy>")).toThrow(HierarchyParseError);
  });
});

describe("serializeHierarchy", () => {
  it("escapes like uiautomator: single quotes for values with \", numeric references for newlines and non-BMP", () => {
    const xml = serializeHierarchy({ rotation: "0", attributes: {}, windows: [{ attributes: { text: `5' 5" & <b>\n😀` }, children: [] }] });
    expect(xml).toBe(`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node text='5&apos; 5" &amp; &lt;b&gt;&#10;&#128512;' /></hierarchy>`);
  });

  it("lines layout puts one element per line", () => {
    const xml = serializeHierarchy(load("settings_usb_alertdialog_vietnamese.xml"), { layout: "lines" });
    expect(xml.split("\n").every((line) => line.trim().startsWith("<"))).toBe(true);
  });

  it("is fast on the 504-node dump", () => {
    const text = readFileSync(join(dir, "jukandian_article_webview_cjk_504nodes.xml"), "utf8");
    const start = performance.now();
    for (let i = 0; i < 10; i++) serializeHierarchy(parseHierarchy(text), { layout: "lines" });
    expect((performance.now() - start) / 10).toBeLessThan(50);
  });
});
