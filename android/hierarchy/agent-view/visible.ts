import { boundsOf } from "../bounds.ts";
import type { UiHierarchy, UiNode } from "../types.ts";

/** On screen as the APK filters a tree before matching: a box of positive size that reaches into the screen. */
function onScreen(node: UiNode): boolean {
  if (node.attributes["visible-to-user"] === "false") return false;
  const b = boundsOf(node);
  return b.right > b.left && b.bottom > b.top && b.right > 0 && b.bottom > 0;
}

/**
 * The nodes a person sees and an action can reach: on screen, and under ancestors that are too (the APK drops the
 * subtree of a node that is not; UiTreeFiltererDefault.filterOnScreenOnly). Zero-size and off-screen nodes are out.
 */
export function visibleNodes(hierarchy: UiHierarchy): Set<UiNode> {
  const visible = new Set<UiNode>();
  const walk = (node: UiNode) => {
    if (!onScreen(node)) return;
    visible.add(node);
    for (const child of node.children) walk(child);
  };
  for (const window of hierarchy.windows) walk(window);
  return visible;
}
