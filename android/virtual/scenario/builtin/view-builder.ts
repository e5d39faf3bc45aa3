import { serializeHierarchy, type UiNode } from "../../tree/index.ts";

/** A view of a hand-built screen; unset flags are false (enabled is true). */
export interface View {
  cls: string;
  bounds: readonly [number, number, number, number];
  text?: string;
  /** `name` becomes `<package>:id/name`; an id with a colon (`android:id/title`) is kept. */
  id?: string;
  desc?: string;
  hint?: string;
  clickable?: boolean;
  longClickable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  focusable?: boolean;
  focused?: boolean;
  scrollable?: boolean;
  enabled?: boolean;
  selected?: boolean;
  password?: boolean;
  children?: View[];
}

const flag = (value: boolean | undefined) => (value ? "true" : "false");

/** The attribute set and order `uiautomator dump` writes. */
function toNode(pkg: string, view: View, index: number): UiNode {
  const attributes: Record<string, string> = {
    index: String(index),
    text: view.text ?? "",
    "resource-id": view.id === undefined ? "" : view.id.includes(":") ? view.id : `${pkg}:id/${view.id}`,
    class: view.cls.includes(".") ? view.cls : `android.widget.${view.cls}`,
    package: pkg,
    "content-desc": view.desc ?? "",
    checkable: flag(view.checkable),
    checked: flag(view.checked),
    clickable: flag(view.clickable),
    enabled: flag(view.enabled ?? true),
    focusable: flag(view.focusable ?? (view.clickable || view.checkable)),
    focused: flag(view.focused),
    scrollable: flag(view.scrollable),
    "long-clickable": flag(view.longClickable),
    password: flag(view.password),
    selected: flag(view.selected),
    bounds: `[${view.bounds[0]},${view.bounds[1]}][${view.bounds[2]},${view.bounds[3]}]`,
  };
  if (view.hint !== undefined) attributes.hint = view.hint;
  return { attributes, children: (view.children ?? []).map((child, i) => toNode(pkg, child, i)) };
}

/** hierarchy_xml of a one-window screen. */
export function screenXml(pkg: string, root: View): string {
  return serializeHierarchy({ rotation: "0", attributes: {}, windows: [toNode(pkg, root, 0)] });
}

/** A scroll page: the container's children as an XML fragment (a dump whose windows are the children). */
export function pageXml(pkg: string, children: View[]): string {
  return serializeHierarchy({
    rotation: "0",
    attributes: {},
    windows: children.map((child, i) => toNode(pkg, child, i)),
  });
}
