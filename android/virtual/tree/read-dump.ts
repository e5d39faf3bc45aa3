import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { UiHierarchy, UiNode } from "./node-types.ts";

/** A scenario's hierarchy_xml that is no dump: not well-formed, no `<hierarchy>`, or a reference XML lacks. */
export class HierarchyParseError extends Error {
  override readonly name = "HierarchyParseError";
}

/** One item of fast-xml-parser's ordered output: `{ tag: items, ":@": attributes }` or `{ "#text": text }`. */
type Item = { [tag: string]: unknown; ":@"?: Record<string, string> };

// Values are kept as written (no trimming, no numbers) and references are resolved here, by XML's rules only.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  preserveOrder: true,
  trimValues: false,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
});

const XML_ENTITIES: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function resolveReferences(raw: string): string {
  return raw.replace(/&([^;&\s]*)(;?)/g, (whole, name: string, semicolon: string) => {
    if (!semicolon || !name) throw new HierarchyParseError(`a bare "&" in ${JSON.stringify(raw)}: write &amp;`);
    if (name.startsWith("#")) {
      const hex = /^#[xX]([0-9a-fA-F]+)$/.exec(name)?.[1];
      const code = hex === undefined ? (/^#(\d+)$/.test(name) ? Number(name.slice(1)) : Number.NaN) : parseInt(hex, 16);
      if (!(code <= 0x10ffff)) throw new HierarchyParseError(`${whole} is not a character reference`);
      return String.fromCodePoint(code);
    }
    const char = XML_ENTITIES[name];
    if (char === undefined)
      throw new HierarchyParseError(`${whole} is not an XML entity (only &lt; &gt; &amp; &quot; &apos;)`);
    return char;
  });
}

function nodesOf(items: Item[], where: string): UiNode[] {
  const nodes: UiNode[] = [];
  for (const item of items) {
    if (Array.isArray(item.node)) {
      const attributes: Record<string, string> = {};
      for (const [name, raw] of Object.entries(item[":@"] ?? {})) attributes[name] = resolveReferences(raw);
      nodes.push({ attributes, children: nodesOf(item.node as Item[], "<node>") });
    } else if (typeof item["#text"] !== "string" || item["#text"].trim() !== "") {
      const what = "#text" in item ? "text" : `<${Object.keys(item).find((key) => key !== ":@")}>`;
      throw new HierarchyParseError(`unexpected ${what} inside ${where}: a hierarchy holds only <node> elements`);
    }
  }
  return nodes;
}

/**
 * A dump as uiautomator or the APK writes it, into the model. What comes before `<hierarchy` (the XML declaration)
 * and after `</hierarchy>` (uiautomator's "UI hierchary dumped to" trailer) is not part of it.
 */
export function parseHierarchy(xml: string): UiHierarchy {
  const start = xml.search(/<hierarchy[\s/>]/);
  if (start < 0) throw new HierarchyParseError("not a hierarchy dump: no <hierarchy> element");
  const close = xml.lastIndexOf("</hierarchy>");
  const element =
    close > start
      ? xml.slice(start, close + "</hierarchy>".length)
      : /^<hierarchy\b[^>]*\/>/.exec(xml.slice(start))?.[0];
  if (element === undefined) throw new HierarchyParseError("not a hierarchy dump: <hierarchy> is never closed");
  const valid = XMLValidator.validate(element);
  if (valid !== true)
    throw new HierarchyParseError(
      `invalid hierarchy XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`,
    );
  const root = (parser.parse(element) as Item[]).find((item) => "hierarchy" in item)!;
  const attributes: Record<string, string> = {};
  for (const [name, raw] of Object.entries(root[":@"] ?? {})) attributes[name] = resolveReferences(raw);
  const { rotation = "0", ...rest } = attributes;
  return { rotation, attributes: rest, windows: nodesOf(root.hierarchy as Item[], "<hierarchy>") };
}
