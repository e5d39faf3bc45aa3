import type { UiHierarchy, UiNode } from "./node-types.ts";
import { inferRole, type Role } from "./roles.ts";

export const isScrollable = (node: UiNode): boolean => node.attributes.scrollable === "true";

/**
 * The scrollable node nearest below `node` (level by level, each level in document order), not `node` itself: what
 * a `container` matcher naming a list's wrapper scrolls when `findFirstScrollableChild` is on.
 */
export function firstScrollableDescendant(node: UiNode): UiNode | undefined {
  let level = node.children;
  while (level.length > 0) {
    const found = level.find(isScrollable);
    if (found) return found;
    level = level.flatMap((child) => child.children);
  }
  return undefined;
}

/**
 * A screen's nodes in document order (window by window, each depth first) with their parents, walked once; roles
 * are inferred when first asked. Nodes are told apart by identity.
 */
export class HierarchyIndex {
  readonly nodes: UiNode[] = [];
  readonly #parents = new Map<UiNode, UiNode>();
  readonly #roles = new Map<UiNode, Role | undefined>();

  constructor(readonly hierarchy: UiHierarchy) {
    const stack: UiNode[] = [...hierarchy.windows].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      this.nodes.push(node);
      for (let i = node.children.length - 1; i >= 0; i--) {
        this.#parents.set(node.children[i]!, node);
        stack.push(node.children[i]!);
      }
    }
  }

  parent(node: UiNode): UiNode | undefined {
    return this.#parents.get(node);
  }

  /** From the parent up to the window's root. */
  ancestors(node: UiNode): UiNode[] {
    const chain: UiNode[] = [];
    for (let up = this.#parents.get(node); up !== undefined; up = this.#parents.get(up)) chain.push(up);
    return chain;
  }

  role(node: UiNode): Role | undefined {
    if (!this.#roles.has(node)) this.#roles.set(node, inferRole(node, this.parent(node)));
    return this.#roles.get(node);
  }

  /** What ACTION_CLICK lands on: the node when it is clickable, else its nearest clickable ancestor. */
  clickableAncestor(node: UiNode): UiNode | undefined {
    return [node, ...this.ancestors(node)].find((n) => n.attributes.clickable === "true");
  }

  /** The container `scroll` uses when none is named: the first scrollable node in document order. */
  firstScrollable(): UiNode | undefined {
    return this.nodes.find(isScrollable);
  }
}
