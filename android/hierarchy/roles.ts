import type { Role, UiNode } from "./types.ts";

/**
 * Role inference (docs/protocol.md#nodematcher). Rules are tried top to bottom; the first that applies wins.
 * Class rules compare the end of the class name, so AppCompat/Material subclasses match their base widget.
 *
 *   rule                                                                     role
 *   class …EditText, …AutoCompleteTextView, …SearchAutoComplete              textfield
 *   password="true"                                                          textfield
 *   class …Switch, …SwitchCompat, …SwitchMaterial, …ToggleButton             switch
 *   class …CheckBox; CheckedTextView with checkable="true"                   checkbox
 *   class …$Tab (ActionBar.Tab, what Material tabs report), …$TabView,
 *         …NavigationBarItemView, …BottomNavigationItemView                  tab
 *   class …Button (MaterialButton, ImageButton, RadioButton, FAB), …Chip     button
 *   class …Toolbar, …ActionBar                                               toolbar
 *   class …ImageView, android.widget.Image (WebView <img>)                   image
 *   class …TextView                                                          text
 *   direct child of a TabLayout / TabWidget                                  tab
 *   direct child of a RecyclerView / ListView / GridView (a row)             listitem
 *   generic android.view.View / ViewGroup (Compose, React Native, WebView):
 *     with a non-empty hint (a placeholder: an input)                        textfield
 *     checkable="true" (a toggleable without a semantic role)                checkbox
 *     clickable="true"                                                       button
 *   anything else (layouts, containers)                                      none
 */
const BY_CLASS: ReadonlyArray<readonly [RegExp, Role]> = [
  [/(EditText|AutoCompleteTextView|SearchAutoComplete)$/, "textfield"],
  [/(Switch|SwitchCompat|SwitchMaterial|ToggleButton)$/, "switch"],
  [/CheckBox$/, "checkbox"],
  [/(\$Tab|\$TabView|NavigationBarItemView|BottomNavigationItemView)$/, "tab"],
  [/(Button|\.Chip)$/, "button"],
  [/(Toolbar|ActionBar)$/, "toolbar"],
  [/(ImageView|^android\.widget\.Image)$/, "image"],
];

const TAB_CONTAINER = /(TabLayout|TabWidget)$/;
const LIST_CONTAINER = /(RecyclerView|ListView|GridView)$/;
const GENERIC_VIEW = /^android\.view\.(View|ViewGroup)$/;

/** The Clawperator role of a node; the parent (when known) decides tabs and list rows. */
export function inferRole(node: UiNode, parent?: UiNode): Role | undefined {
  const a = node.attributes;
  const cls = a.class ?? "";
  if (a.password === "true") return "textfield";
  for (const [pattern, role] of BY_CLASS) if (pattern.test(cls)) return role;
  if (/CheckedTextView$/.test(cls) && a.checkable === "true") return "checkbox";
  if (/TextView$/.test(cls)) return "text";
  const parentClass = parent?.attributes.class ?? "";
  if (TAB_CONTAINER.test(parentClass)) return "tab";
  if (LIST_CONTAINER.test(parentClass)) return "listitem";
  if (GENERIC_VIEW.test(cls)) {
    if (a.hint) return "textfield";
    if (a.checkable === "true") return "checkbox";
    if (a.clickable === "true") return "button";
  }
  return undefined;
}
