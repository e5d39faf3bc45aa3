import type { HierarchyIndex } from "./hierarchy-index.ts";
import { labelOf } from "./matcher.ts";
import type { UiNode } from "./types.ts";

const has = (value: string | undefined, ...parts: string[]) => {
  const lower = (value ?? "").toLowerCase();
  return parts.some((part) => lower.includes(part.toLowerCase()));
};

/** Class-name rules of the APK, in its order; the first that applies decides (UiRoleInferenceAndroid.kt). */
const BY_CLASS: ReadonlyArray<readonly [string[], readonly string[]]> = [
  [["ViewPager"], ["pager"]],
  [["Button"], ["button"]],
  [["EditText", "AutoCompleteTextView"], ["textfield"]],
  [["Switch"], ["switch"]],
  [["CheckBox"], ["checkbox"]],
  // A RecyclerView is a list or a grid by its collection info, which a dump does not carry.
  [["RecyclerView"], ["list", "grid"]],
  [["ListView"], ["list"]],
  [["GridView"], ["grid"]],
  [["Toolbar"], ["toolbar"]],
  [["TabLayout", "BottomNavigationView"], ["tabbar"]],
];

const LAYOUTS = ["LinearLayout", "FrameLayout", "ConstraintLayout", "CoordinatorLayout"];

/** The APK looks at most three ancestors up for a clickable one (hasClickableAncestor). */
const CLICKABLE_ANCESTOR_DEPTH = 3;

function effectivelyClickable(node: UiNode, index: HierarchyIndex): boolean {
  if (node.attributes.clickable === "true") return true;
  return index
    .ancestors(node)
    .slice(0, CLICKABLE_ANCESTOR_DEPTH)
    .some((a) => a.attributes.clickable === "true");
}

/** What the APK's heuristics give a node no class rule named, as far as a dump shows. */
function byHeuristics(node: UiNode, index: HierarchyIndex, hasText: boolean): string[] {
  // collectionItemInfo (a list row) and isHeading come first on the phone; a dump shows neither.
  const possible = ["listitem", ...(hasText ? ["title"] : [])];
  const cls = node.attributes.class ?? "";
  // A layout's role depends on its orientation extra, which a dump does not show either.
  if (has(cls, ...LAYOUTS)) return [...possible, "row", "column", "container"];
  const clickable = effectivelyClickable(node, index);
  if (hasText && !clickable) return [...possible, "title", "label", "text"];
  if (hasText && clickable) {
    const text = node.attributes.text ?? "";
    return [...possible, text.includes(" ") && text.length > 20 ? "text" : "button"];
  }
  return [...possible, "unknown"];
}

/**
 * The roles the Operator APK may infer for a node (UiRoleInference at commit bc2878ae). Its inference reads a few
 * things a dump does not carry (collection item info, heading, a layout's orientation), so where those decide,
 * every role they could give is in the set; where the dump decides (the tab rule, the class-name rules) the set
 * has one role. The APK's roles differ from the project's `inferRole`: a matcher's `role` selects the same nodes on
 * a phone and on the virtual device only where both agree.
 */
export function apkRolesOf(node: UiNode, index: HierarchyIndex): ReadonlySet<string> {
  const cls = node.attributes.class ?? "";
  const parent = index.parent(node);
  const hasText = labelOf(node).trim() !== "";
  const tabParent =
    has(parent?.attributes.class, "TabLayout", "BottomNavigationView") ||
    has(parent?.attributes["resource-id"], "tab", "navigation", "bottom");
  if (parent && tabParent && hasText) return new Set(["tab"]);
  for (const [parts, roles] of BY_CLASS) if (has(cls, ...parts)) return new Set(roles);
  if (has(cls, "ImageView")) return new Set([effectivelyClickable(node, index) ? "icon" : "image"]);
  if (has(cls, "Chip")) return new Set(["chip"]);
  return new Set(byHeuristics(node, index, hasText));
}
