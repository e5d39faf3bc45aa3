import { inferRole } from "./roles.ts";
import type { Role, UiHierarchy, UiNode } from "./types.ts";

/** One walk of a snapshot: document order, parent links and roles, so matching and ancestor walks are cheap. */
export class HierarchyIndex {
  readonly nodes: UiNode[] = [];
  readonly #parent = new Map<UiNode, UiNode>();
  readonly #role = new Map<UiNode, Role | undefined>();

  constructor(readonly hierarchy: UiHierarchy) {
    const walk = (node: UiNode, parent: UiNode | undefined) => {
      this.nodes.push(node);
      if (parent) this.#parent.set(node, parent);
      for (const child of node.children) walk(child, node);
    };
    for (const window of hierarchy.windows) walk(window, undefined);
  }

  parent(node: UiNode): UiNode | undefined {
    return this.#parent.get(node);
  }

  role(node: UiNode): Role | undefined {
    if (!this.#role.has(node)) this.#role.set(node, inferRole(node, this.parent(node)));
    return this.#role.get(node);
  }

  /** The node itself or its nearest ancestor with clickable="true" (what the operator clicks). */
  clickableAncestor(node: UiNode): UiNode | undefined {
    for (let current: UiNode | undefined = node; current; current = this.parent(current)) {
      if (current.attributes.clickable === "true") return current;
    }
    return undefined;
  }

  firstScrollable(): UiNode | undefined {
    return this.nodes.find((n) => n.attributes.scrollable === "true");
  }

  firstScrollableDescendant(node: UiNode): UiNode | undefined {
    const queue = [...node.children];
    for (let current = queue.shift(); current; current = queue.shift()) {
      if (current.attributes.scrollable === "true") return current;
      queue.push(...current.children);
    }
    return undefined;
  }
}
