import type { HierarchyIndex } from "./hierarchy-index.ts";
import type { UiHierarchy, UiNode } from "./types.ts";

export const isScrollable = (node: UiNode): boolean => node.attributes.scrollable === "true";

/**
 * The scrollable descendant nearest to a node (breadth first, then document order), for a `container` matcher
 * that names the wrapper around a list rather than the list itself. The node itself is not considered.
 */
export function firstScrollableDescendant(node: UiNode): UiNode | undefined {
  const queue = [...node.children];
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i]!;
    if (isScrollable(current)) return current;
    queue.push(...current.children);
  }
  return undefined;
}

/** The first scrollable="true" node in document order: what `scroll` uses when no container is given. */
export function firstScrollable(source: UiHierarchy | HierarchyIndex): UiNode | undefined {
  const hierarchy = "windows" in source ? source : source.hierarchy;
  const walk = (node: UiNode): UiNode | undefined => {
    if (isScrollable(node)) return node;
    for (const child of node.children) {
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  for (const window of hierarchy.windows) {
    const found = walk(window);
    if (found) return found;
  }
  return undefined;
}
