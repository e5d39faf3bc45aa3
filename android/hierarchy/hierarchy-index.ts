import { inferRole } from "./roles.ts";
import { firstScrollable, firstScrollableDescendant } from "./scrollables.ts";
import type { Role, UiHierarchy, UiNode } from "./types.ts";

/**
 * One walk of a snapshot: the nodes in document order, parent links and (lazily) roles, so matching and
 * ancestor walks cost nothing extra. Build it once per snapshot; nodes are identified by object identity.
 */
export class HierarchyIndex {
  readonly nodes: UiNode[] = [];
  readonly #parent = new Map<UiNode, UiNode>();
  readonly #role = new Map<UiNode, Role | undefined>();

  constructor(readonly hierarchy: UiHierarchy) {
    const walk = (node: UiNode, parent: UiNode | undefined): void => {
      this.nodes.push(node);
      if (parent) this.#parent.set(node, parent);
      for (const child of node.children) walk(child, node);
    };
    for (const window of hierarchy.windows) walk(window, undefined);
  }

  parent(node: UiNode): UiNode | undefined {
    return this.#parent.get(node);
  }

  /** Parent first, window root last. */
  ancestors(node: UiNode): UiNode[] {
    const out: UiNode[] = [];
    for (let current = this.parent(node); current; current = this.parent(current)) out.push(current);
    return out;
  }

  role(node: UiNode): Role | undefined {
    if (!this.#role.has(node)) this.#role.set(node, inferRole(node, this.parent(node)));
    return this.#role.get(node);
  }

  /** The node itself or its nearest ancestor with clickable="true": what the operator's ACTION_CLICK targets. */
  clickableAncestor(node: UiNode): UiNode | undefined {
    if (node.attributes.clickable === "true") return node;
    return this.ancestors(node).find((ancestor) => ancestor.attributes.clickable === "true");
  }

  /** The first scrollable="true" node in document order: the default container of `scroll`. */
  firstScrollable(): UiNode | undefined {
    return firstScrollable(this.hierarchy);
  }

  /** See {@link firstScrollableDescendant}. */
  firstScrollableDescendant(node: UiNode): UiNode | undefined {
    return firstScrollableDescendant(node);
  }
}
