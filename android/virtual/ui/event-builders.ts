import { boundsOf, type UiNode } from "../tree/index.ts";
import { subtree } from "./screen-target.ts";
import { accessibilityEvent, type AccessibilityEvent } from "./ui-events.ts";

const attr = (node: UiNode, name: string) => node.attributes[name] ?? "";

/**
 * A view's click (or long click), as View.performClick sends it: the view as source, and as text what the view
 * populates the event with, its own text or, for a layout, its children's texts in order.
 */
export function clickEvent(node: UiNode, kind: "click" | "long_click"): AccessibilityEvent {
  return accessibilityEvent({
    eventType: kind === "click" ? "TYPE_VIEW_CLICKED" : "TYPE_VIEW_LONG_CLICKED",
    packageName: attr(node, "package"),
    className: attr(node, "class"),
    text: subtree(node)
      .map((n) => attr(n, "text"))
      .filter((text) => text !== ""),
    contentDescription: attr(node, "content-desc"),
    source: node,
  });
}

/** An edit field's text after a change: the whole content, one event per change (so per keystroke). */
export function textChangedEvent(field: UiNode): AccessibilityEvent {
  return accessibilityEvent({
    eventType: "TYPE_VIEW_TEXT_CHANGED",
    packageName: attr(field, "package"),
    className: attr(field, "class"),
    text: [attr(field, "text")],
    source: field,
  });
}

/**
 * A scroll container moved to `page` of `pages` later pages: offsets in pixels, one container length per page, as
 * a ScrollView reports its scrollY and the most it can scroll.
 */
export function scrolledEvent(
  container: UiNode,
  orientation: "vertical" | "horizontal",
  page: number,
  pages: number,
): AccessibilityEvent {
  const b = boundsOf(container);
  const length = orientation === "vertical" ? b.bottom - b.top : b.right - b.left;
  const offset = { at: page * length, max: pages * length };
  return accessibilityEvent({
    eventType: "TYPE_VIEW_SCROLLED",
    packageName: attr(container, "package"),
    className: attr(container, "class"),
    source: container,
    ...(orientation === "vertical"
      ? { scrollY: offset.at, maxScrollY: offset.max }
      : { scrollX: offset.at, maxScrollX: offset.max }),
  });
}

/**
 * An activity (or dialog) came to the front. Screens have no activity classes: each app's is `<package>.MainActivity`,
 * as `dumpsys activity` shows it; the window's title is the app's label.
 */
export function windowStateEvent(packageName: string, title: string): AccessibilityEvent {
  return accessibilityEvent({
    eventType: "TYPE_WINDOW_STATE_CHANGED",
    packageName,
    className: `${packageName}.MainActivity`,
    text: title === "" ? [] : [title],
  });
}
