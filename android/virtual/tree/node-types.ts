/**
 * The virtual device's own model of a screen's view tree: what the accessibility service sees and what a dump
 * writes, one node per view with its attributes as a dump names them (`text`, `resource-id`, `class`,
 * `content-desc`, `clickable`, `bounds`, ...), values unescaped, in the order they are written.
 */
export interface UiNode {
  attributes: Record<string, string>;
  children: UiNode[];
}

/** A dump: the `<hierarchy>` element's rotation and other attributes, and one root node per window. */
export interface UiHierarchy {
  rotation: string;
  attributes: Record<string, string>;
  windows: UiNode[];
}

/** A node's rectangle in screen pixels: left and top inclusive, right and bottom exclusive. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
