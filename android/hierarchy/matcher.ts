import type { HierarchyIndex } from "./hierarchy-index.ts";
import type { UiNode } from "./types.ts";

/** The NodeMatcher fields (structurally the contract's NodeMatcher). */
export interface MatcherFields {
  resourceId?: string;
  textEquals?: string;
  textContains?: string;
  contentDescEquals?: string;
  contentDescContains?: string;
  role?: string;
}

/** AND of every given, non-empty field (spec/001 "NodeMatcher Reference"); a matcher with no field matches nothing. */
export function matchesNode(node: UiNode, matcher: MatcherFields, index: HierarchyIndex): boolean {
  const a = node.attributes;
  const checks: Array<[string | undefined, () => boolean]> = [
    [matcher.resourceId, () => a["resource-id"] === matcher.resourceId],
    [matcher.textEquals, () => a.text === matcher.textEquals],
    [matcher.textContains, () => (a.text ?? "").includes(matcher.textContains!)],
    [matcher.contentDescEquals, () => a["content-desc"] === matcher.contentDescEquals],
    [matcher.contentDescContains, () => (a["content-desc"] ?? "").includes(matcher.contentDescContains!)],
    [matcher.role, () => index.role(node) === matcher.role!.toLowerCase() || a.class === matcher.role],
  ];
  const given = checks.filter(([value]) => value !== undefined && value !== "");
  return given.length > 0 && given.every(([, check]) => check());
}

export function findAll(index: HierarchyIndex, matcher: MatcherFields): UiNode[] {
  return index.nodes.filter((node) => matchesNode(node, matcher, index));
}

export function findFirst(index: HierarchyIndex, matcher: MatcherFields): UiNode | undefined {
  return index.nodes.find((node) => matchesNode(node, matcher, index));
}
