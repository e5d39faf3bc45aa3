import type { UiHierarchy, UiNode } from "./node-types.ts";
import { inferRole } from "./roles.ts";
import { HierarchyIndex } from "./tree-index.ts";

/** A NodeMatcher's fields, as the APK's command parser reads them. */
export interface MatcherFields {
  resourceId?: string;
  role?: string;
  textEquals?: string;
  textContains?: string;
  contentDescEquals?: string;
  contentDescContains?: string;
}

/** The text the APK's text fields compare against: the node's text, or its content-desc when the text is blank. */
export function labelOf(node: UiNode): string {
  const { text = "", "content-desc": desc = "" } = node.attributes;
  return text.trim() === "" ? desc : text;
}

/** An attribute the APK reads as null when a dump shows it empty (resource-id, content-desc). */
const orNull = (value: string | undefined): string | null => (value ? value : null);

/** Kotlin's Char.equals(other, ignoreCase = true): equal as they are, upper-cased, or upper- then lower-cased. */
function charsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const up = (c: string) => (c.toUpperCase().length === 1 ? c.toUpperCase() : c);
  const down = (c: string) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c);
  return up(a) === up(b) || down(up(a)) === down(up(b));
}

/** Kotlin's String.contains(other, ignoreCase = true): some window of the haystack matches unit by unit. */
function containsAnyCase(haystack: string, needle: string): boolean {
  for (let from = 0; from + needle.length <= haystack.length; from++) {
    let i = 0;
    while (i < needle.length && charsMatch(haystack[from + i]!, needle[i]!)) i++;
    if (i === needle.length) return true;
  }
  return false;
}

/**
 * The APK's NodeMatcher.matches: every field given must hold, and `""` counts as given. `resourceId` and the
 * `…Equals` fields compare exactly, the `…Contains` fields are substrings in any case; `textEquals` and
 * `textContains` read the node's label, the `contentDesc…` fields its content-desc alone (a node without one never
 * matches them); `role` is compared in any case, a node without a role being "unknown". A matcher without fields
 * matches nothing. Pass the screen's index so that roles given by the parent (tabs, list rows) count.
 */
export function matchesNode(node: UiNode, matcher: MatcherFields, index?: HierarchyIndex): boolean {
  const { resourceId, role, textEquals, textContains, contentDescEquals, contentDescContains } = matcher;
  const given = [resourceId, role, textEquals, textContains, contentDescEquals, contentDescContains];
  if (given.every((field) => field === undefined)) return false;
  const desc = orNull(node.attributes["content-desc"]);
  if (resourceId !== undefined && orNull(node.attributes["resource-id"]) !== resourceId) return false;
  if (textEquals !== undefined && labelOf(node) !== textEquals) return false;
  if (textContains !== undefined && !containsAnyCase(labelOf(node), textContains)) return false;
  if (contentDescEquals !== undefined && desc !== contentDescEquals) return false;
  if (contentDescContains !== undefined && (desc === null || !containsAnyCase(desc, contentDescContains))) return false;
  if (role !== undefined) {
    const actual = index ? index.role(node) : inferRole(node);
    if ((actual ?? "unknown") !== role.toLowerCase()) return false;
  }
  return true;
}

const indexOf = (source: UiHierarchy | HierarchyIndex) =>
  source instanceof HierarchyIndex ? source : new HierarchyIndex(source);

/** Every node the matcher matches, in document order. */
export function findAll(source: UiHierarchy | HierarchyIndex, matcher: MatcherFields): UiNode[] {
  const index = indexOf(source);
  return index.nodes.filter((node) => matchesNode(node, matcher, index));
}

/** The first match in document order: the node the APK acts on. */
export function findFirst(source: UiHierarchy | HierarchyIndex, matcher: MatcherFields): UiNode | undefined {
  const index = indexOf(source);
  return index.nodes.find((node) => matchesNode(node, matcher, index));
}
