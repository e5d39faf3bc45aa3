import { boundsOf, type Bounds, type UiNode } from "../tree/index.ts";

export interface ScreenNode {
  node: UiNode;
  bounds: Bounds;
  /** What to print inside the node: its text, else its content-desc, else nothing. */
  label: string;
  /** The label is a content-desc (drawn in another colour). */
  isDescription: boolean;
}

/**
 * The visible nodes of one window in document order (parents before children). A content-desc is shown only on
 * nodes without labelled descendants: React Native and Compose containers repeat their children's texts in their
 * content-desc, and printing both would overlap.
 */
export function screenNodes(window: UiNode): ScreenNode[] {
  const out: ScreenNode[] = [];
  const visit = (node: UiNode): boolean => {
    const a = node.attributes;
    const bounds = boundsOf(node);
    const shown = a["visible-to-user"] !== "false" && bounds.right > bounds.left && bounds.bottom > bounds.top;
    const entry: ScreenNode = { node, bounds, label: "", isDescription: false };
    if (shown) out.push(entry);
    let labelledBelow = false;
    for (const child of node.children) labelledBelow = visit(child) || labelledBelow;
    if (a.text) entry.label = a.text;
    else if (a["content-desc"] && !labelledBelow) {
      entry.label = a["content-desc"];
      entry.isDescription = true;
    }
    return labelledBelow || Boolean(a.text || a["content-desc"]);
  };
  visit(window);
  return out;
}
