import type { UiHierarchy, UiNode } from "./types.ts";
import { xmlAttribute } from "./xml-text.ts";

/** `compact`: one line, like `uiautomator dump`. `lines`: one element per line, indented, as the operator logs it. */
export type HierarchyLayout = "compact" | "lines";

const XML_DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";

function attributes(attrs: Record<string, string>): string {
  let out = "";
  for (const name in attrs) out += xmlAttribute(name, attrs[name]!);
  return out;
}

/**
 * Writes a hierarchy in uiautomator's style: the XML declaration, `<hierarchy rotation="…">`, nested `<node>`
 * elements with their attributes in model order. Every value is escaped so that each element fits on one line.
 */
export function serializeHierarchy(hierarchy: UiHierarchy, options: { layout?: HierarchyLayout } = {}): string {
  const lines = options.layout === "lines";
  const out: string[] = [
    XML_DECLARATION,
    `<hierarchy${attributes({ rotation: hierarchy.rotation, ...hierarchy.attributes })}>`,
  ];
  const write = (node: UiNode, depth: number): void => {
    const indent = lines ? "  ".repeat(depth) : "";
    if (node.children.length === 0) {
      out.push(`${indent}<node${attributes(node.attributes)} />`);
      return;
    }
    out.push(`${indent}<node${attributes(node.attributes)}>`);
    for (const child of node.children) write(child, depth + 1);
    out.push(`${indent}</node>`);
  };
  for (const window of hierarchy.windows) write(window, 1);
  out.push("</hierarchy>");
  return out.join(lines ? "\n" : "");
}
