import { LIMITS } from "../../core/contracts/limits.ts";
import { apkRolesOf } from "./apk-role.ts";
import { boundsOf, center } from "./bounds.ts";
import type { HierarchyIndex } from "./hierarchy-index.ts";
import { labelOf, matchesNode, type MatcherFields } from "./matcher.ts";
import type { UiNode } from "./types.ts";

/** How to select one node again: a matcher unique on its screen, or, when none is, the centre of its bounds. */
export type UniqueTarget =
  | { kind: "matcher"; matcher: MatcherFields }
  | { kind: "coordinate"; coordinate: { x: number; y: number } };

interface Lookup {
  byId: Map<string, UiNode[]>;
  byLabel: Map<string, UiNode[]>;
  byDesc: Map<string, UiNode[]>;
}

const lookups = new WeakMap<HierarchyIndex, Lookup>();

const nonEmpty = (value: string | undefined) => (value === undefined || value === "" ? undefined : value);

function lookupOf(index: HierarchyIndex): Lookup {
  let lookup = lookups.get(index);
  if (lookup) return lookup;
  lookup = { byId: new Map(), byLabel: new Map(), byDesc: new Map() };
  const add = (map: Map<string, UiNode[]>, key: string | undefined, node: UiNode) => {
    if (key === undefined) return;
    const list = map.get(key);
    if (list) list.push(node);
    else map.set(key, [node]);
  };
  for (const node of index.nodes) {
    add(lookup.byId, nonEmpty(node.attributes["resource-id"]), node);
    add(lookup.byLabel, labelOf(node), node);
    add(lookup.byDesc, nonEmpty(node.attributes["content-desc"]), node);
  }
  lookups.set(index, lookup);
  return lookup;
}

/**
 * Whether the matcher can select `other` on a phone or on the virtual device: it matches with our matcher code, or
 * it would but for `role` while the APK's own role inference may give it that role (it reads more than a dump shows).
 */
function mayMatch(index: HierarchyIndex, matcher: MatcherFields, other: UiNode): boolean {
  if (matchesNode(other, matcher, index)) return true;
  if (matcher.role === undefined) return false;
  const { role, ...rest } = matcher;
  if (!matchesNode(other, rest, index)) return false;
  return apkRolesOf(other, index).has(role);
}

/** Whether `matcher` selects `node` and nothing else on the screen. */
function selectsOnly(index: HierarchyIndex, matcher: MatcherFields, node: UiNode): boolean {
  const { byId, byLabel, byDesc } = lookupOf(index);
  const pools: UiNode[][] = [];
  if (matcher.resourceId !== undefined) pools.push(byId.get(matcher.resourceId) ?? []);
  if (matcher.textEquals !== undefined) pools.push(byLabel.get(matcher.textEquals) ?? []);
  if (matcher.contentDescEquals !== undefined) pools.push(byDesc.get(matcher.contentDescEquals) ?? []);
  const pool = pools.length ? pools.reduce((a, b) => (b.length < a.length ? b : a)) : index.nodes;
  let found = false;
  for (const other of pool) {
    if (!mayMatch(index, matcher, other)) continue;
    if (other !== node) return false;
    found = true;
  }
  return found;
}

const fits = (value: string | undefined) =>
  value !== undefined && value.trim() !== "" && value.length <= LIMITS.MAX_MATCHER_VALUE_LENGTH;

/** Every subset of the fields, smallest first, each size in the fields' order. */
function subsets<T>(fields: readonly T[]): T[][] {
  const out: T[][] = [[]];
  for (const field of fields) for (const subset of [...out]) out.push([...subset, field]);
  return out.filter((s) => s.length > 0).sort((a, b) => a.length - b.length);
}

/**
 * The candidates for a node, most stable first: resource-id, then its label (text, else content-desc), then its
 * content-desc, then their combinations; then the same with the role, when the APK and the project infer the same
 * one for it; `…Contains` only for a label or description too long for an exact matcher (512 characters).
 */
function candidates(index: HierarchyIndex, node: UiNode): MatcherFields[] {
  const id = nonEmpty(node.attributes["resource-id"]);
  // A blank text makes the content-desc the label; contentDescEquals then selects at least as narrowly.
  const label = (node.attributes.text ?? "").trim() === "" ? "" : labelOf(node);
  const desc = nonEmpty(node.attributes["content-desc"]);
  const exact: MatcherFields[] = [];
  if (fits(id)) exact.push({ resourceId: id });
  if (fits(label)) exact.push({ textEquals: label });
  if (fits(desc)) exact.push({ contentDescEquals: desc });
  const cap = LIMITS.MAX_MATCHER_VALUE_LENGTH;
  if (label.length > cap && label.slice(0, cap).trim() !== "") exact.push({ textContains: label.slice(0, cap) });
  if (desc !== undefined && desc.length > cap) exact.push({ contentDescContains: desc.slice(0, cap) });
  const plain = subsets(exact).map((parts) => Object.assign({}, ...parts) as MatcherFields);
  const apkRoles = apkRolesOf(node, index);
  const role = index.role(node);
  if (role === undefined || apkRoles.size !== 1 || !apkRoles.has(role)) return plain;
  return [...plain, { role }, ...plain.map((matcher) => ({ role, ...matcher }))].sort(
    (a, b) => Number("role" in a) - Number("role" in b),
  );
}

/**
 * The most specific matcher that selects this node and no other on its screen, judged with the Operator APK's
 * matcher semantics (so a ref selects exactly this node on a real phone and on the virtual device); when nothing
 * is unique, the centre of the node's bounds as a coordinate. `kind` says which it is.
 */
export function uniqueMatcher(index: HierarchyIndex, node: UiNode): UniqueTarget {
  for (const matcher of candidates(index, node)) {
    if (selectsOnly(index, matcher, node)) return { kind: "matcher", matcher };
  }
  return { kind: "coordinate", coordinate: center(boundsOf(node)) };
}

/** The APK's firstClickableAncestorOrSelf looks at the node and at most seven ancestors above it. */
const CLICK_ANCESTOR_STEPS = 7;

/** The node a click on `node` reaches on the phone: itself or its first clickable ancestor, near enough. */
function clickReceiver(index: HierarchyIndex, node: UiNode): UiNode | undefined {
  if (node.attributes.clickable === "true") return node;
  return index
    .ancestors(node)
    .slice(0, CLICK_ANCESTOR_STEPS)
    .find((a) => a.attributes.clickable === "true");
}

/**
 * A unique matcher whose click lands on this clickable node although it selects a node inside it: the APK clicks
 * the first clickable ancestor of the node a matcher selects, so the title of an unlabeled list row clicks the row.
 * For a node with no unique matcher of its own; undefined when no node inside it qualifies. Only clicks (and long
 * clicks) go to that ancestor; reading or typing would act on the inner node.
 */
export function clickMatcher(index: HierarchyIndex, node: UiNode): MatcherFields | undefined {
  if (node.attributes.clickable !== "true") return undefined;
  const inside: UiNode[] = [];
  // The APK matches only nodes on screen, and nothing under a node that is not.
  const walk = (n: UiNode) => {
    for (const child of n.children) {
      const b = boundsOf(child);
      if (b.right <= Math.max(b.left, 0) || b.bottom <= Math.max(b.top, 0)) continue;
      inside.push(child);
      walk(child);
    }
  };
  walk(node);
  for (const candidate of inside) {
    if (clickReceiver(index, candidate) !== node) continue;
    const target = uniqueMatcher(index, candidate);
    if (target.kind === "matcher") return target.matcher;
  }
  return undefined;
}
