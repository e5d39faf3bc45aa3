import type { UiNode } from "./types.ts";

const FLAGS = [
  "clickable",
  "long-clickable",
  "scrollable",
  "checkable",
  "checked",
  "focused",
  "selected",
  "password",
] as const;

function describe(node: UiNode): string {
  const a = node.attributes;
  const parts = [(a.class ?? "node").split(".").pop()!];
  if (a.text) parts.push(JSON.stringify(a.text.length > 80 ? `${a.text.slice(0, 80)}…` : a.text));
  if (a["content-desc"]) parts.push(`desc=${JSON.stringify(a["content-desc"])}`);
  if (a["resource-id"]) parts.push(`#${a["resource-id"]}`);
  const flags = FLAGS.filter((f) => a[f] === "true");
  if (a.enabled === "false") flags.push("disabled" as never);
  if (flags.length) parts.push(`(${flags.join(", ")})`);
  if (a.bounds) parts.push(a.bounds);
  return parts.join(" ");
}

/** An indented, readable tree of a screen, one node per line, for `inspect ui --output pretty`. */
export function renderUiTree(windows: readonly UiNode[]): string {
  const lines: string[] = [];
  const walk = (node: UiNode, depth: number) => {
    lines.push(`${"  ".repeat(depth)}${describe(node)}`);
    for (const child of node.children) walk(child, depth + 1);
  };
  for (const window of windows) walk(window, 0);
  return lines.join("\n");
}
