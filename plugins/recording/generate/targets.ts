import {
  boundsOf,
  center,
  type HierarchyIndex,
  labelOf,
  type MatcherFields,
  type UiNode,
} from "../../../android/hierarchy/index.ts";
import { uniqueMatcher } from "../../../android/hierarchy/unique-matcher.ts";
import { findFirst } from "../../../android/hierarchy/matcher.ts";
import type { ClickEvent } from "../parse/recording-events.ts";

/** How a step finds its node again: a matcher, or (when nothing else can) a point on the screen. */
export type Target = { matcher: MatcherFields } | { coordinate: { x: number; y: number } };

export interface ResolvedTarget {
  target: Target;
  /** The clicked node in the event's snapshot, when it was found there. */
  node?: UiNode;
  /** Why the target may not select what the person touched; listed in SKILL.md. */
  doubt?: string;
}

const sameBounds = (node: UiNode, event: ClickEvent) => {
  const b = boundsOf(node);
  const e = event.bounds;
  return b.left === e.left && b.top === e.top && b.right === e.right && b.bottom === e.bottom;
};

/** Whether the node carries what the event says its source carried. */
function agrees(node: UiNode, event: ClickEvent): boolean {
  const a = node.attributes;
  if (event.resourceId !== null && a["resource-id"] !== event.resourceId) return false;
  if (event.contentDesc !== null && (a["content-desc"] ?? "").trim() !== event.contentDesc) return false;
  return true;
}

/** The node the person touched, in the snapshot the click carried: same bounds, same id and description. */
export function clickedNode(index: HierarchyIndex, event: ClickEvent): UiNode | undefined {
  const placed = index.nodes.filter((node) => sameBounds(node, event));
  return (
    placed.find((node) => agrees(node, event) && node.attributes.clickable === "true") ??
    placed.find((node) => agrees(node, event)) ??
    placed.find((node) => node.attributes.clickable === "true")
  );
}

/**
 * The most specific matcher unique on the screen for the touched node; for a row or card without words of its own,
 * for the first of its descendants that the click lands on through it (the operator clicks a node's clickable
 * ancestor), the one carrying the event's text first.
 */
function matcherFor(index: HierarchyIndex, node: UiNode, event: ClickEvent): MatcherFields | undefined {
  const own = uniqueMatcher(index, node);
  if (own.kind === "matcher") return own.matcher;
  const inside = index.nodes.filter((n) => n !== node && index.clickableAncestor(n) === node);
  const text = event.text;
  const ordered = text === null ? inside : [...inside.filter((n) => labelOf(n).trim() === text), ...inside];
  for (const candidate of ordered) {
    const found = uniqueMatcher(index, candidate);
    if (found.kind === "matcher") return found.matcher;
  }
  return undefined;
}

/** A matcher from the event's own fields, when its snapshot cannot say what is unique. */
function fromEvent(event: ClickEvent): MatcherFields | undefined {
  if (event.resourceId) return { resourceId: event.resourceId };
  if (event.text) return { textEquals: event.text };
  if (event.contentDesc) return { contentDescEquals: event.contentDesc };
  return undefined;
}

const centre = (event: ClickEvent) => center(event.bounds);
const emptyBounds = (event: ClickEvent) =>
  event.bounds.right <= event.bounds.left || event.bounds.bottom <= event.bounds.top;

/** What a click step targets, and how sure that is. Undefined when the event says nothing to find it by. */
export function clickTarget(index: HierarchyIndex | undefined, event: ClickEvent): ResolvedTarget | undefined {
  const node = index ? clickedNode(index, event) : undefined;
  if (index && node) {
    const matcher = matcherFor(index, node, event);
    if (matcher) return { target: { matcher }, node };
    return {
      target: { coordinate: center(boundsOf(node)) },
      node,
      doubt: "nothing on that screen tells the node apart: it is tapped by its position",
    };
  }
  const why = index ? "the touched node is not in the event's snapshot" : "the event has no snapshot";
  const matcher = fromEvent(event);
  if (matcher) return { target: { matcher }, doubt: `${why}: its matcher was not checked to be unique` };
  if (emptyBounds(event)) return undefined;
  return {
    target: { coordinate: centre(event) },
    doubt: `${why} and it has no text, id or description: tapped by its position`,
  };
}

/** Whether a target can be seen on a screen (coordinates never can). */
export const onScreen = (index: HierarchyIndex | undefined, target: Target) =>
  index !== undefined && "matcher" in target && findFirst(index, target.matcher) !== undefined;

/** A node's own matcher, when one is unique on its screen. */
export function nodeMatcher(index: HierarchyIndex, node: UiNode): MatcherFields | undefined {
  const found = uniqueMatcher(index, node);
  return found.kind === "matcher" ? found.matcher : undefined;
}

/** How long the skill waits for the screen the recording began on, after the app opens. */
export const START_WAIT_MS = 5_000;

/**
 * Nodes that together tell the screen the recording began on: two of the app's window with matchers unique on that
 * screen and labels of their own, texts first (a toolbar's title leads on most screens), then content descriptions;
 * none with a digit (a battery level, a time: what changes by the next run). One label alone is often on the app's
 * first screen too (the row that opens the screen it titles).
 */
export function startMarkers(index: HierarchyIndex, pkg: string): { label: string; matcher: MatcherFields }[] {
  const markers: { label: string; matcher: MatcherFields }[] = [];
  for (const attribute of ["text", "content-desc"] as const)
    for (const node of index.nodes) {
      const label = (node.attributes[attribute] ?? "").trim();
      if (markers.length === 2 || node.attributes.package !== pkg || !label || /\d/.test(label)) continue;
      if (markers.some((m) => m.label === label)) continue;
      const matcher = nodeMatcher(index, node);
      if (matcher) markers.push({ label, matcher });
    }
  return markers;
}
