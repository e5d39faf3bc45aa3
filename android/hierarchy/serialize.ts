import type { UiHierarchy, UiNode } from "./types.ts";

export type HierarchyLayout = "compact" | "lines";

const XML_DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";

/** Escapes as real dumps do: `& < >`, newlines as numeric references, characters outside the BMP as `&#N;`. */
function escape(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === "&") out += "&amp;";
    else if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === "\n") out += "&#10;";
    else if (char === "\r") out += "&#13;";
    else if (code > 0xffff) out += `&#${code};`;
    else out += char;
  }
  return out;
}

/** A value containing `"` is written single-quoted with `'` as `&apos;`, as uiautomator dumps show. */
function attribute(name: string, value: string): string {
  const escaped = escape(value);
  return value.includes('"') ? `${name}='${escaped.replaceAll("'", "&apos;")}'` : `${name}="${escaped}"`;
}

const attributes = (attrs: Record<string, string>) => Object.entries(attrs).map(([k, v]) => ` ${attribute(k, v)}`).join("");

/**
 * Serializes a hierarchy in uiautomator's style. `compact` is one line, like `uiautomator dump`; `lines` puts one
 * element per line (indented), as the operator logs a snapshot one XML line per logcat line.
 */
export function serializeHierarchy(hierarchy: UiHierarchy, options: { layout?: HierarchyLayout } = {}): string {
  const lines = options.layout === "lines";
  const out: string[] = [XML_DECLARATION, `<hierarchy${attributes({ rotation: hierarchy.rotation, ...hierarchy.attributes })}>`];
  const write = (node: UiNode, depth: number) => {
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
