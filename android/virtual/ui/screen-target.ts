import { matchesNode, type UiNode } from "../tree/index.ts";
import type { ScreenState } from "./screen-state.ts";
import type { ScreenTree } from "./screen-tree.ts";

/** A snapshot node resolved to the screen it belongs to and its current built form. */
export interface ScreenTarget {
  screen: string;
  path: string;
  node: UiNode;
  tree: ScreenTree;
  state: ScreenState;
}

/** The node and everything below it, in document order. */
export function subtree(node: UiNode): UiNode[] {
  const out: UiNode[] = [];
  const walk = (n: UiNode): void => {
    out.push(n);
    n.children.forEach(walk);
  };
  walk(node);
  return out;
}

/** Takes text: an EditText, what role inference calls a textfield, or a node the screen declares editable. */
export function isEditable({ node, tree }: ScreenTarget): boolean {
  if ((node.attributes.class ?? "").includes("EditText") || tree.index.role(node) === "textfield") return true;
  return tree.model.spec.editable.some((matcher) => matchesNode(node, matcher, tree.index));
}

/**
 * What a click toggles: the node when it is checkable, else a checkable widget inside it that takes no clicks of
 * its own (the Switch at the end of a settings row).
 */
export function toggleOf(node: UiNode): UiNode | undefined {
  if (node.attributes.checkable === "true") return node;
  return subtree(node).find((n) => n.attributes.checkable === "true" && n.attributes.clickable !== "true");
}

const ACCEPTS = { click: "clickable", long_click: "long-clickable", focus: "focusable" } as const;

/** Whether an enabled node takes this accessibility action. */
export function accepts(node: UiNode, kind: keyof typeof ACCEPTS): boolean {
  return node.attributes.enabled !== "false" && node.attributes[ACCEPTS[kind]] === "true";
}
