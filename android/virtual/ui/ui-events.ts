import type { UiNode } from "../tree/index.ts";

/** The accessibility event types the screen sends (android.view.accessibility.AccessibilityEvent). */
export type AccessibilityEventType =
  | "TYPE_VIEW_CLICKED"
  | "TYPE_VIEW_LONG_CLICKED"
  | "TYPE_WINDOW_STATE_CHANGED"
  | "TYPE_VIEW_SCROLLED"
  | "TYPE_VIEW_TEXT_CHANGED";

/** What an AccessibilityEvent carries that a service reads; scroll fields are 0 on other types. */
export interface AccessibilityEvent {
  kind: "accessibility";
  eventType: AccessibilityEventType;
  packageName: string;
  className: string;
  /** The event's text items: a view's own text, or its children's for a layout; a window's title. */
  text: string[];
  contentDescription: string;
  /** The node the event is about (a window change has none). */
  source?: UiNode;
  scrollX: number;
  scrollY: number;
  maxScrollX: number;
  maxScrollY: number;
}

/** A hardware or navigation key, as accessibility services that filter key events receive it. */
export interface KeyEvent {
  kind: "key";
  keyCode: number;
  action: "down" | "up";
}

export type UiEvent = AccessibilityEvent | KeyEvent;
export type UiEventListener = (event: UiEvent) => void;

/** Hands every event to the current listeners, in order. Listeners catch their own failures, as services do. */
export class UiEventHub {
  readonly #listeners = new Set<UiEventListener>();

  subscribe(listener: UiEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: UiEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }
}

/** An AccessibilityEvent with Android's defaults for what a type does not set. */
export const accessibilityEvent = (
  fields: Pick<AccessibilityEvent, "eventType" | "packageName" | "className"> & Partial<AccessibilityEvent>,
): AccessibilityEvent => ({
  kind: "accessibility",
  text: [],
  contentDescription: "",
  scrollX: 0,
  scrollY: 0,
  maxScrollX: 0,
  maxScrollY: 0,
  ...fields,
});
