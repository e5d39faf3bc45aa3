import { XMLParser, XMLValidator } from "fast-xml-parser";
import { HierarchyParseError } from "./parse-error.ts";
import type { UiHierarchy, UiNode } from "./types.ts";
import { decodeXmlValue } from "./xml-text.ts";

/** fast-xml-parser's ordered output: `{ tagName: children, ":@": attributes }` or `{ "#text": string }`. */
type Ordered = Record<string, unknown> & { ":@"?: Record<string, string> };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  preserveOrder: true,
  // Values stay exactly as the dump has them: no trimming, no number or boolean parsing. References are resolved
  // by decodeXmlValue, once, with XML's rules (the library would also accept HTML names such as &nbsp;).
  trimValues: false,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
});

const HIERARCHY_START = /<hierarchy[\s/>]/;
const HIERARCHY_END = "</hierarchy>";
const SELF_CLOSED = /^<hierarchy\b[^>]*\/>/;

/**
 * The `<hierarchy>` element alone. What surrounds it is not part of the snapshot: the XML declaration, logcat
 * residue, and the `UI hierchary dumped to: /dev/tty` trailer `uiautomator dump /dev/tty` prints after it.
 */
function hierarchyElement(xml: string): string {
  const start = xml.search(HIERARCHY_START);
  if (start < 0) throw new HierarchyParseError("not a hierarchy dump: no <hierarchy> element");
  const end = xml.lastIndexOf(HIERARCHY_END);
  if (end > start) return xml.slice(start, end + HIERARCHY_END.length);
  const selfClosed = SELF_CLOSED.exec(xml.slice(start));
  if (selfClosed) return selfClosed[0];
  throw new HierarchyParseError("not a hierarchy dump: <hierarchy> is never closed");
}

function attributesOf(element: Ordered): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, raw] of Object.entries(element[":@"] ?? {})) attributes[name] = decodeXmlValue(raw);
  return attributes;
}

/** The `<node>` children of an element; whitespace between elements is layout, anything else is refused. */
function nodeChildren(items: Ordered[] | undefined, parent: string): UiNode[] {
  const nodes: UiNode[] = [];
  for (const item of items ?? []) {
    if ("node" in item)
      nodes.push({ attributes: attributesOf(item), children: nodeChildren(item.node as Ordered[], "<node>") });
    else if (!isWhitespace(item))
      throw new HierarchyParseError(
        `unexpected ${describe(item)} inside ${parent}: a hierarchy holds only <node> elements`,
      );
  }
  return nodes;
}

const isWhitespace = (item: Ordered) => typeof item["#text"] === "string" && item["#text"].trim() === "";

function describe(item: Ordered): string {
  if ("#text" in item) return `text ${JSON.stringify(String(item["#text"]).trim().slice(0, 40))}`;
  return `<${Object.keys(item).find((key) => key !== ":@")}>`;
}

/**
 * Parses a uiautomator-style dump (hierarchy_xml) into the model, with every attribute value decoded and kept in
 * document order. Accepts what real dumps show: either quote style, numeric references, several windows, extra
 * attributes, and a trailer after `</hierarchy>`. Anything that is not well-formed XML throws HierarchyParseError.
 */
export function parseHierarchy(xml: string): UiHierarchy {
  const element = hierarchyElement(xml);
  const valid = XMLValidator.validate(element);
  if (valid !== true) {
    throw new HierarchyParseError(
      `invalid hierarchy XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`,
    );
  }
  let items: Ordered[];
  try {
    items = parser.parse(element) as Ordered[];
  } catch (error) {
    throw new HierarchyParseError(`invalid hierarchy XML: ${(error as Error).message}`);
  }
  const root = items.find((item) => "hierarchy" in item)!;
  const { rotation = "0", ...attributes } = attributesOf(root);
  return { rotation, attributes, windows: nodeChildren(root.hierarchy as Ordered[], "<hierarchy>") };
}
