import { area, boundsOf, center, type UiHierarchy, type UiNode } from "../tree/index.ts";
import { deepestAt, windowAt } from "../ui/hit-test.ts";

/** Where a person puts a finger: on what shows a text, an id or a description, or at a point. */
export type HumanTarget =
  | { text: string }
  | { id: string }
  | { desc: string }
  /** Also a field's hint: what an empty text field shows. */
  | { into: string }
  | { at: { x: number; y: number } };

/** A target nothing on the screen matches; `labels` is what the screen does show, for the message. */
export class TargetNotFound extends Error {
  constructor(
    message: string,
    readonly labels: string[],
  ) {
    super(message);
  }
}

const attr = (node: UiNode, name: string) => node.attributes[name] ?? "";

/** Nodes in document order, top-most window first (the order of a snapshot's windows). */
function nodesOf(hierarchy: UiHierarchy): UiNode[] {
  const out: UiNode[] = [];
  const walk = (node: UiNode): void => {
    out.push(node);
    node.children.forEach(walk);
  };
  hierarchy.windows.forEach(walk);
  return out;
}

/** An id without a package (`search`) names `<any package>:id/search`. */
const idMatches = (resourceId: string, wanted: string) =>
  resourceId === wanted || (!wanted.includes(":") && resourceId.endsWith(`:id/${wanted}`));

function matches(node: UiNode, target: Exclude<HumanTarget, { at: unknown }>): boolean {
  if ("text" in target) return attr(node, "text") === target.text;
  if ("id" in target) return idMatches(attr(node, "resource-id"), target.id);
  if ("desc" in target) return attr(node, "content-desc") === target.desc;
  return attr(node, "text") === target.into || attr(node, "hint") === target.into;
}

const describeTarget = (target: HumanTarget): string =>
  "text" in target
    ? `text "${target.text}"`
    : "id" in target
      ? `id ${target.id}`
      : "desc" in target
        ? `description "${target.desc}"`
        : "into" in target
          ? `a field showing "${target.into}"`
          : `(${target.at.x},${target.at.y})`;

/** What the screen shows: every non-empty text or description, in order, once. */
export function visibleLabels(hierarchy: UiHierarchy): string[] {
  const labels = nodesOf(hierarchy)
    .filter((n) => area(boundsOf(n)) > 0)
    .map((n) => attr(n, "text") || attr(n, "content-desc"))
    .filter((label) => label.trim() !== "");
  return [...new Set(labels)];
}

/**
 * The point a finger goes to and the node seen there: the centre of the first visible node the target names, or
 * the given point and the deepest node under it.
 */
export function locate(hierarchy: UiHierarchy, target: HumanTarget): { x: number; y: number; node: UiNode } {
  if ("at" in target) {
    const { x, y } = target.at;
    const window = windowAt(hierarchy.windows, x, y);
    const under = window && deepestAt(window, x, y, () => true);
    if (!under) throw new TargetNotFound(`nothing on the screen is at (${x},${y})`, visibleLabels(hierarchy));
    return { x, y, node: under };
  }
  const node = nodesOf(hierarchy).find((n) => matches(n, target) && area(boundsOf(n)) > 0);
  if (!node) throw new TargetNotFound(`nothing on the screen has ${describeTarget(target)}`, visibleLabels(hierarchy));
  return { ...center(boundsOf(node)), node };
}
