import type { UiHierarchy, UiNode } from "./node-types.ts";

/**
 * An attribute as uiautomator's dump writes it: `&`, `<` and `>` as entities, control characters (newlines
 * included, so that an element stays on one line) and characters beyond the BMP as numeric references; a value
 * holding `"` is single-quoted, its `'` written `&apos;`.
 */
function attribute(name: string, value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === "&") out += "&amp;";
    else if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (code < 0x20 || code > 0xffff || (code >= 0xd800 && code <= 0xdfff)) out += `&#${code};`;
    else out += char;
  }
  return value.includes('"') ? ` ${name}='${out.replaceAll("'", "&apos;")}'` : ` ${name}="${out}"`;
}

const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .map(([name, value]) => attribute(name, value))
    .join("");

function element(node: UiNode): string {
  if (node.children.length === 0) return `<node${attributes(node.attributes)} />`;
  return `<node${attributes(node.attributes)}>${node.children.map(element).join("")}</node>`;
}

/** `uiautomator dump`'s file: the declaration, then the whole hierarchy on one line, attributes in model order. */
export function serializeHierarchy(hierarchy: UiHierarchy): string {
  const root = `<hierarchy${attributes({ rotation: hierarchy.rotation, ...hierarchy.attributes })}>`;
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>${root}${hierarchy.windows.map(element).join("")}</hierarchy>`;
}
