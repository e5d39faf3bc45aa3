import type { UiHierarchy, UiNode } from "../tree/index.ts";
import type { UiEventListener } from "./ui-events.ts";

export type ScrollDirection = "down" | "up" | "left" | "right";
export type ScrollOutcome = "moved" | "edge_reached" | "gesture_failed";
export type GlobalKey = "back" | "home" | "recents";
export type ClickKind = "click" | "long_click" | "focus";

/**
 * The screen of a virtual device as its accessibility service sees it, and the gestures the
 * operator, `input` and a person can perform on it. Nodes passed in must come from the latest `snapshot()`;
 * the model knows which scenario element each node object stands for.
 *
 * As it changes the screen sends the accessibility events an app would: a click on a view (performed by an
 * accessibility action or a finger; not by injected taps, which a real phone does not report as clicks), each text
 * change, each scroll, and a window change whenever another window comes to the front, whatever moved it.
 */
export interface UiModel {
  /** Subscribes to the screen's accessibility and key events; returns the unsubscribe. */
  onUiEvent(listener: UiEventListener): () => void;
  /** The current screen with live state applied (typed text, toggles, scroll page, changing values). */
  snapshot(): UiHierarchy;
  /** Package of the foreground app (the launcher's at home). */
  foregroundPackage(): string;
  /** Accessibility action on a node. Returns false when the node does not accept it (not clickable, disabled). */
  performClick(node: UiNode, kind: ClickKind): boolean;
  /** Tap at screen coordinates (gesture fallback and `input tap`). Returns false when nothing there reacts. */
  tapAt(x: number, y: number): boolean;
  /**
   * A person's finger on the screen: the view under (x, y) that takes this kind of touch handles it, and reports
   * the click. Returns that view, or undefined when nothing there reacts.
   */
  touch(x: number, y: number, kind: "click" | "long_click"): UiNode | undefined;
  /** A person presses Back: the key goes to key-filtering services (down, then up), then the screen goes back. */
  pressBack(): void;
  /** Replace the text of an editable node. Returns false when the node is not editable. */
  setText(node: UiNode, text: string): boolean;
  /** IME action / Enter on the focused or given field (search submit). */
  submit(node?: UiNode): void;
  /** One scroll gesture on a scroll container, content direction (down = reveal content below). */
  scroll(container: UiNode, direction: ScrollDirection, distanceRatio: number): ScrollOutcome;
  /** Swipe from one point to another (`input swipe`); scrolls whatever container is under the start point. */
  swipe(x1: number, y1: number, x2: number, y2: number): void;
  /** performGlobalAction. False when the scenario declares the action refused. */
  globalAction(key: GlobalKey): boolean;
  /** `input keyevent` (numeric code or KEYCODE_ name). */
  keyEvent(code: string): boolean;
  /** `input text`: types into the focused editable node. */
  typeText(text: string): boolean;
  /** Launch an installed app's launch screen. False when the package is not installed or has no launch screen. */
  openApp(applicationId: string): boolean;
  /** ACTION_VIEW on a URI. False when no app handles it. */
  openUri(uri: string): boolean;
  /** am force-stop. */
  forceStop(applicationId: string): void;
}
