import { boundsOf, contains, type UiNode } from "../tree/index.ts";

/** The window a touch at (x, y) lands in: the top-most whose root contains the point. */
export function windowAt(windows: readonly UiNode[], x: number, y: number): UiNode | undefined {
  return windows.find((window) => contains(boundsOf(window), x, y));
}

/** The deepest node under (x, y) that passes `test`; among equally deep ones the last, which is drawn on top. */
export function deepestAt(window: UiNode, x: number, y: number, test: (node: UiNode) => boolean): UiNode | undefined {
  let best: { node: UiNode; depth: number } | undefined;
  const walk = (node: UiNode, depth: number): void => {
    if (!contains(boundsOf(node), x, y)) return;
    if (test(node) && (!best || depth >= best.depth)) best = { node, depth };
    for (const child of node.children) walk(child, depth + 1);
  };
  walk(window, 0);
  return best?.node;
}
