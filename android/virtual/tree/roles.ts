import type { UiNode } from "./node-types.ts";

/** The roles the virtual device gives nodes, for NodeMatcher's `role` field. */
export type Role = "button" | "textfield" | "text" | "switch" | "checkbox" | "image" | "listitem" | "toolbar" | "tab";

const classEnds = (cls: string, ...suffixes: string[]) => suffixes.some((suffix) => cls.endsWith(suffix));

/**
 * A node's role from its class first (the widget it is, subclasses included: a class name ending in the widget's
 * name), then from its parent (a tab strip's or a list's direct children), then from what a generic view
 * (Compose, React Native, WebView) says of itself. A layout or container has none.
 */
export function inferRole(node: UiNode, parent?: UiNode): Role | undefined {
  const { class: cls = "", password, checkable, clickable, hint } = node.attributes;
  if (password === "true" || classEnds(cls, "EditText", "AutoCompleteTextView", "SearchAutoComplete"))
    return "textfield";
  if (classEnds(cls, "Switch", "SwitchCompat", "SwitchMaterial", "ToggleButton")) return "switch";
  if (classEnds(cls, "CheckBox")) return "checkbox";
  if (classEnds(cls, "$Tab", "$TabView", "NavigationBarItemView", "BottomNavigationItemView")) return "tab";
  if (classEnds(cls, "Button", ".Chip")) return "button";
  if (classEnds(cls, "Toolbar", "ActionBar")) return "toolbar";
  if (classEnds(cls, "ImageView") || cls === "android.widget.Image") return "image";
  if (classEnds(cls, "CheckedTextView") && checkable === "true") return "checkbox";
  if (classEnds(cls, "TextView")) return "text";
  const parentClass = parent?.attributes.class ?? "";
  if (classEnds(parentClass, "TabLayout", "TabWidget")) return "tab";
  if (classEnds(parentClass, "RecyclerView", "ListView", "GridView")) return "listitem";
  if (cls !== "android.view.View" && cls !== "android.view.ViewGroup") return undefined;
  if (hint) return "textfield";
  if (checkable === "true") return "checkbox";
  return clickable === "true" ? "button" : undefined;
}
