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

/** What the APK calls a node's label: its text, or its content description when the text is blank. */
export function labelOf(node: UiNode): string {
  const text = node.attributes.text ?? "";
  return text.trim() !== "" ? text : (node.attributes["content-desc"] ?? "");
}

/** One UTF-16 unit as Kotlin's Char.uppercaseChar / lowercaseChar map it: to one unit, or unchanged. */
const upper = (unit: string) => {
  const u = unit.toUpperCase();
  return u.length === 1 ? u : unit;
};
const lower = (unit: string) => {
  const l = unit.toLowerCase();
  return l.length === 1 ? l : unit;
};
const sameIgnoringCase = (a: string, b: string) =>
  a === b || upper(a) === upper(b) || lower(upper(a)) === lower(upper(b));

/** Kotlin's `haystack.contains(needle, ignoreCase = true)`: unit by unit, as Char.equals(ignoreCase) compares. */
function containsIgnoringCase(haystack: string, needle: string): boolean {
  if (needle === "") return true;
  if (haystack.includes(needle)) return true;
  const last = haystack.length - needle.length;
  outer: for (let start = 0; start <= last; start++) {
    for (let i = 0; i < needle.length; i++) if (!sameIgnoringCase(haystack[start + i]!, needle[i]!)) continue outer;
    return true;
  }
  return false;
}

/** A dump writes "" for an absent resource id or content description; the APK reads those as null. */
const present = (value: string | undefined): string | undefined =>
  value === undefined || value === "" ? undefined : value;

type Check = (node: UiNode, value: string, index: HierarchyIndex | undefined) => boolean;

/** The APK's NodeMatcher.matches, field by field (NodeMatcher.kt at commit bc2878ae). */
const CHECKS: ReadonlyArray<readonly [keyof MatcherFields, Check]> = [
  ["resourceId", (node, value) => present(node.attributes["resource-id"]) === value],
  ["role", (node, value, index) => ((index ? index.role(node) : inferRole(node)) ?? "unknown") === value.toLowerCase()],
  ["textEquals", (node, value) => labelOf(node) === value],
  ["textContains", (node, value) => containsIgnoringCase(labelOf(node), value)],
  ["contentDescEquals", (node, value) => present(node.attributes["content-desc"]) === value],
  [
    "contentDescContains",
    (node, value) => {
      const desc = present(node.attributes["content-desc"]);
      return desc !== undefined && containsIgnoringCase(desc, value);
    },
  ],
];

/**
 * The Operator APK's NodeMatcher semantics (docs/protocol.md#the-apks-command-parser): every present
 * field must hold (`""` counts as present); `resourceId` and `…Equals` compare exactly, `…Contains` are
 * case-insensitive substrings; `textEquals`/`textContains` compare against the node's label (its text, or its
 * content-desc when the text is blank), the `contentDesc…` fields against the content-desc alone; `role` is the
 * inferred role, compared case-insensitively ("unknown" when none is inferred). A matcher with no field at all
 * matches nothing (the APK refuses it before matching). Pass the snapshot's index so that roles which depend on the
 * parent (listitem, tab) are inferred.
 */
export function matchesNode(node: UiNode, matcher: MatcherFields, index?: HierarchyIndex): boolean {
  let any = false;
  for (const [field, check] of CHECKS) {
    const value = matcher[field];
    if (value === undefined) continue;
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
