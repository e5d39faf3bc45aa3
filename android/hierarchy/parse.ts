import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { UiHierarchy, UiNode } from "./types.ts";

export class HierarchyParseError extends Error {
  override readonly name = "HierarchyParseError";
}

type Ordered = Record<string, unknown> & { ":@"?: Record<string, string> };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  preserveOrder: true,
  // Values stay exactly as the dump has them: no trimming, no number parsing.
  trimValues: false,
  parseAttributeValue: false,
  parseTagValue: false,
  // Numeric references (`&#128197;`, `&#10;`) as well as the XML entities.
  htmlEntities: true,
});

function toNode(element: Ordered): UiNode {
  const children = (element.node as Ordered[] | undefined) ?? [];
  return {
    attributes: { ...(element[":@"] ?? {}) },
    children: children.filter((child) => "node" in child).map(toNode),
  };
}

/**
 * Parses a uiautomator-style dump. Tolerates what real dumps show: single-quoted attributes, numeric entities,
 * several windows, extra attributes, and the trailer `uiautomator dump /dev/tty` prints after `</hierarchy>`.
 */
export function parseHierarchy(xml: string): UiHierarchy {
  const end = xml.lastIndexOf("</hierarchy>");
  const start = xml.indexOf("<hierarchy");
  if (start < 0 || end < 0) throw new HierarchyParseError("not a hierarchy dump: no <hierarchy> element");
  const body = xml.slice(start, end + "</hierarchy>".length);
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new HierarchyParseError(`invalid hierarchy XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);

  const documentItems = parser.parse(body) as Ordered[];
  const root = documentItems.find((item) => "hierarchy" in item);
  if (!root) throw new HierarchyParseError("not a hierarchy dump: no <hierarchy> element");
  const { rotation = "0", ...attributes } = root[":@"] ?? {};
  const windows = ((root.hierarchy as Ordered[] | undefined) ?? []).filter((child) => "node" in child).map(toNode);
  return { rotation, attributes, windows };
}
