import type { Role, UiNode } from "./types.ts";

/**
 * Role inference from the widget class (spec/001 `role`), first match wins:
 *   EditText, TextInputEditText, AutoCompleteTextView, SearchView's text, or any `hint`-bearing editable → textfield
 *   Switch, SwitchCompat, SwitchMaterial, ToggleButton                                 → switch
 *   CheckBox, CheckedTextView with checkable                                          → checkbox
 *   Button, MaterialButton, ImageButton, FloatingActionButton                         → button
 *   Toolbar, ActionBar                                                                → toolbar
 *   TabView, TabLayout$TabView, a node inside a TabLayout/TabWidget                   → tab
 *   ImageView, Image (WebView images)                                                 → image
 *   TextView                                                                          → text
 *   a clickable direct child of RecyclerView / ListView / GridView                     → listitem
 *   a clickable Compose/RN `android.view.View` or `ViewGroup` with no other role       → button
 */
const BY_CLASS: ReadonlyArray<[RegExp, Role]> = [
  [/(EditText|AutoCompleteTextView|SearchView\$SearchAutoComplete)$/, "textfield"],
  [/(Switch|SwitchCompat|SwitchMaterial|ToggleButton)$/, "switch"],
  [/(CheckBox|MaterialCheckBox)$/, "checkbox"],
  [/(Button|ImageButton|FloatingActionButton)$/, "button"],
  [/(Toolbar|ActionBar)$/, "toolbar"],
  [/(TabView|TabLayout\$TabView)$/, "tab"],
  [/(ImageView|\.Image)$/, "image"],
  [/TextView$/, "text"],
];

const LIST_CONTAINER = /(RecyclerView|ListView|GridView)$/;
const TAB_CONTAINER = /(TabLayout|TabWidget)$/;

export function inferRole(node: UiNode, parent?: UiNode): Role | undefined {
  const cls = node.attributes.class ?? "";
  for (const [pattern, role] of BY_CLASS) if (pattern.test(cls)) return role;
  const parentClass = parent?.attributes.class ?? "";
  if (TAB_CONTAINER.test(parentClass)) return "tab";
  const clickable = node.attributes.clickable === "true";
  if (clickable && LIST_CONTAINER.test(parentClass)) return "listitem";
  if (clickable && /^android\.view\.(View|ViewGroup)$/.test(cls)) return "button";
  return undefined;
}
