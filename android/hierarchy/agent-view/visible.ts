import { boundsOf } from "../bounds.ts";
import type { Bounds, UiHierarchy, UiNode } from "../types.ts";

/** The display's size in its natural orientation (`wm size`), as a device reports it. */
export interface DisplaySize {
  width: number;
  height: number;
}

/**
 * The display as a box in the dump's coordinates: the natural size turned by the dump's `rotation` (1 and 3 are
 * landscape: width and height swap). Without a known size it is inferred from the dump: the smallest box from the
 * origin that holds every window starting inside the screen (left and top ≥ 0), else every node.
 */
export function displayBox(hierarchy: UiHierarchy, natural?: DisplaySize): Bounds {
  if (natural) {
    const turned = hierarchy.rotation === "1" || hierarchy.rotation === "3";
    return {
      left: 0,
      top: 0,
      right: turned ? natural.height : natural.width,
      bottom: turned ? natural.width : natural.height,
    };
  }
  const inside = hierarchy.windows.map(boundsOf).filter((b) => b.left >= 0 && b.top >= 0 && b.right > b.left);
  const boxes = inside.length > 0 ? inside : allBoxes(hierarchy.windows);
  return {
    left: 0,
    top: 0,
    right: Math.max(0, ...boxes.map((b) => b.right)),
    bottom: Math.max(0, ...boxes.map((b) => b.bottom)),
  };
}

function allBoxes(nodes: readonly UiNode[], out: Bounds[] = []): Bounds[] {
  for (const node of nodes) {
    out.push(boundsOf(node));
    allBoxes(node.children, out);
  }
  return out;
}

const positive = (b: Bounds) => b.right > b.left && b.bottom > b.top;
const intersects = (b: Bounds, d: Bounds) =>
  b.left < d.right && b.right > d.left && b.top < d.bottom && b.bottom > d.top;
const hidden = (node: UiNode) => node.attributes["visible-to-user"] === "false";

/** On screen as the APK filters a tree before matching: a box of positive size that reaches into the screen. */
const apkOnScreen = (node: UiNode) => {
  const b = boundsOf(node);
  return !hidden(node) && positive(b) && b.right > 0 && b.bottom > 0;
};

export interface Visibility {
  /** Nodes a person sees: a box of positive size that intersects the display, not marked invisible. */
  visible: Set<UiNode>;
  /**
   * Visible nodes the Operator APK cannot select by matcher: it drops the subtree of a node that is not on screen
   * by its rule (UiTreeFiltererDefault.filterOnScreenOnly), such as the root of a page sliding in at a negative x.
   * An action reaches them by a tap at their centre only.
   */
  unreachable: Set<UiNode>;
  /** Top-level windows none of whose nodes intersects the display (a dialog animating in from the side). */
  offscreenWindows: UiNode[];
  /** Nodes in the dump, all windows. */
  nodeCount: number;
}

/**
 * What of a dump is on the display. A node is kept by its own intersection with the display (rotation-aware), not
 * by its window's or its parents' bounds: a page sliding in has a root at `[-1079,0][0,2340]` while its children
 * already draw on screen. A node marked `visible-to-user="false"` hides its subtree, as on the phone.
 */
export function visibility(hierarchy: UiHierarchy, natural?: DisplaySize): Visibility {
  const display = displayBox(hierarchy, natural);
  const visible = new Set<UiNode>();
  const unreachable = new Set<UiNode>();
  let nodeCount = 0;
  const walk = (node: UiNode, reachable: boolean): boolean => {
    nodeCount++;
    if (hidden(node)) {
      nodeCount += count(node.children);
      return false;
    }
    const b = boundsOf(node);
    const reach = reachable && apkOnScreen(node);
    let any = false;
    if (positive(b) && intersects(b, display)) {
      visible.add(node);
      if (!reach) unreachable.add(node);
      any = true;
    }
    for (const child of node.children) any = walk(child, reach) || any;
    return any;
  };
  const offscreenWindows = hierarchy.windows.filter((window) => !walk(window, true));
  return { visible, unreachable, offscreenWindows, nodeCount };
}

const count = (nodes: readonly UiNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.children), 0);

/** The visible nodes of a dump (see `visibility`). */
export const visibleNodes = (hierarchy: UiHierarchy, natural?: DisplaySize): Set<UiNode> =>
  visibility(hierarchy, natural).visible;
