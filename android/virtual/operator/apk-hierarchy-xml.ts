import type { UiHierarchy, UiNode } from "../tree/index.ts";

/**
 * The 17 attributes the APK's UiTreeFormatter writes, in its order; a node the model lacks one for gets the default.
 */
const ATTRIBUTES: readonly (readonly [name: string, fallback: string])[] = [
  ["index", "0"],
  ["text", ""],
  ["resource-id", ""],
  ["class", ""],
  ["package", ""],
  ["content-desc", ""],
  ["checkable", "false"],
  ["checked", "false"],
  ["clickable", "false"],
  ["enabled", "true"],
  ["focusable", "false"],
  ["focused", "false"],
  ["scrollable", "false"],
  ["long-clickable", "false"],
  ["password", "false"],
  ["selected", "false"],
  ["bounds", "[0,0][0,0]"],
];

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  '"': "&quot;",
  "'": "&apos;",
  "<": "&lt;",
  ">": "&gt;",
};

const SPECIAL = /[&"'<>]/;

/** The APK escapes only these five characters: line breaks, controls and emoji stay raw. */
const escapeXml = (value: string): string =>
  SPECIAL.test(value) ? value.replace(/[&"'<>]/g, (c) => ESCAPES[c]!) : value;

function element(node: UiNode): string {
  let out = "<node";
  for (const [name, fallback] of ATTRIBUTES) out += ` ${name}="${escapeXml(node.attributes[name] ?? fallback)}"`;
  return out;
}

/**
 * The hierarchy as the APK serializes it for a snapshot_ui step (not uiautomator's dump): the declaration, the
 * `<hierarchy>` element, then each window's tree with a 2-space indent per level and the 17 attributes above.
 */
export function apkHierarchyXml(hierarchy: UiHierarchy): string {
  return apkHierarchyLines(hierarchy).join("\n");
}

/**
 * A window's lines, kept for as long as its (frozen) tree lives: the screen model reuses unchanged windows, so a
 * snapshot of a screen that has not changed serializes nothing again. A tree not frozen throughout is never cached.
 */
const windowLines = new WeakMap<UiNode, readonly string[]>();

function linesOf(window: UiNode): readonly string[] {
  const cached = windowLines.get(window);
  if (cached) return cached;
  const out: string[] = [];
  const indents: string[] = [];
  const write = (node: UiNode, depth: number): void => {
    indents[depth] ??= "  ".repeat(depth);
    const indent = indents[depth]!;
    if (node.children.length === 0) {
      out.push(`${indent}${element(node)} />`);
      return;
    }
    out.push(`${indent}${element(node)}>`);
    for (const child of node.children) write(child, depth + 1);
    out.push(`${indent}</node>`);
  };
  write(window, 1);
  if (deepFrozen(window)) windowLines.set(window, out);
  return out;
}

const deepFrozen = (node: UiNode): boolean =>
  Object.isFrozen(node) &&
  Object.isFrozen(node.attributes) &&
  Object.isFrozen(node.children) &&
  node.children.every(deepFrozen);

/** The lines of {@link apkHierarchyXml}, before they are joined: what logcat prints one per line. */
export function apkHierarchyLines(hierarchy: UiHierarchy): string[] {
  const out = [
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
    `<hierarchy rotation="${escapeXml(hierarchy.rotation)}">`,
  ];
  for (const window of hierarchy.windows) for (const line of linesOf(window)) out.push(line);
  out.push("</hierarchy>");
  return out;
}
