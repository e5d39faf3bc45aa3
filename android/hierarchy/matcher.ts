import { HierarchyIndex } from "./hierarchy-index.ts";
import { inferRole } from "./roles.ts";
import type { UiHierarchy, UiNode } from "./types.ts";

/** The NodeMatcher fields (structurally core/contracts' NodeMatcher). */
export interface MatcherFields {
  resourceId?: string;
  textEquals?: string;
  textContains?: string;
  contentDescEquals?: string;
  contentDescContains?: string;
  role?: string;
}

type Check = (node: UiNode, value: string, index: HierarchyIndex | undefined) => boolean;

const CHECKS: ReadonlyArray<readonly [keyof MatcherFields, Check]> = [
  ["resourceId", (node, value) => node.attributes["resource-id"] === value],
  ["textEquals", (node, value) => node.attributes.text === value],
  ["textContains", (node, value) => (node.attributes.text ?? "").includes(value)],
  ["contentDescEquals", (node, value) => node.attributes["content-desc"] === value],
  ["contentDescContains", (node, value) => (node.attributes["content-desc"] ?? "").includes(value)],
  [
    "role",
    (node, value, index) =>
      (index ? index.role(node) : inferRole(node)) === value.toLowerCase() || node.attributes.class === value,
  ],
];

/**
 * AND of every given, non-empty field (spec/001 "NodeMatcher Reference"): *Equals and resourceId compare exactly,
 * *Contains are case-sensitive substrings, `role` is the inferred role compared case-insensitively (a full class
 * name such as "android.widget.Button" is accepted too). A matcher with no non-empty field matches nothing.
 * Pass the snapshot's index so that roles which depend on the parent (listitem, tab) are inferred.
 */
export function matchesNode(node: UiNode, matcher: MatcherFields, index?: HierarchyIndex): boolean {
  let any = false;
  for (const [field, check] of CHECKS) {
    const value = matcher[field];
    if (value === undefined || value === "") continue;
    if (!check(node, value, index)) return false;
    any = true;
  }
  return any;
}

const indexOf = (source: UiHierarchy | HierarchyIndex): HierarchyIndex =>
  source instanceof HierarchyIndex ? source : new HierarchyIndex(source);

/** Every matching node, in document order. */
export function findAll(source: UiHierarchy | HierarchyIndex, matcher: MatcherFields): UiNode[] {
  const index = indexOf(source);
  return index.nodes.filter((node) => matchesNode(node, matcher, index));
}

/** The first matching node in document order (the one the operator acts on). */
export function findFirst(source: UiHierarchy | HierarchyIndex, matcher: MatcherFields): UiNode | undefined {
  const index = indexOf(source);
  return index.nodes.find((node) => matchesNode(node, matcher, index));
}
