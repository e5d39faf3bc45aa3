import { inferRole, type UiHierarchy, type UiNode } from "../../../../android/hierarchy/index.ts";
import type {
  ClickKind,
  GlobalKey,
  ScrollDirection,
  ScrollOutcome,
  UiModel,
} from "../../../../android/virtual/ui/ui-model.ts";
import { UiEventHub, type UiEvent, type UiEventListener } from "../../../../android/virtual/ui/ui-events.ts";

/** A node for hand-written screens; bounds default to a 100×50 box so taps have a centre. */
export const node = (attributes: Record<string, string>, ...children: UiNode[]): UiNode => ({
  attributes: {
    text: "",
    "resource-id": "",
    class: "android.widget.FrameLayout",
    bounds: "[0,0][100,50]",
    ...attributes,
  },
  children,
});

export const screen = (...windows: UiNode[]): UiHierarchy => ({ rotation: "0", attributes: {}, windows });

/** Names a node in call records: its resource-id, else its text. */
const nameOf = (n: UiNode) => n.attributes["resource-id"] || n.attributes.text || "?";

/**
 * A UiModel over fixed hierarchies, recording every gesture. `next` holds screens the following snapshots return
 * in turn (a screen that changes while the operator polls); after them `current` stays.
 */
export class FakeUi implements UiModel {
  readonly calls: string[] = [];
  readonly next: UiHierarchy[] = [];
  snapshots = 0;
  tapAccepted = true;
  /** What successive scroll gestures report; "edge_reached" once it runs out. */
  readonly scrollOutcomes: ScrollOutcome[] = [];
  readonly refusedKeys = new Set<GlobalKey>();
  readonly installed = new Set<string>();
  readonly uriSchemes = new Set<string>();
  readonly #events = new UiEventHub();

  constructor(public current: UiHierarchy) {}

  onUiEvent(listener: UiEventListener): () => void {
    return this.#events.subscribe(listener);
  }

  /** Sends an event as the screen would. */
  emit(event: UiEvent): void {
    this.#events.emit(event);
  }

  snapshot(): UiHierarchy {
    this.snapshots++;
    const upcoming = this.next.shift();
    if (upcoming) this.current = upcoming;
    return this.current;
  }

  foregroundPackage(): string {
    return "com.example";
  }

  performClick(target: UiNode, kind: ClickKind): boolean {
    this.calls.push(`${kind}:${nameOf(target)}`);
    const a = target.attributes;
    const accepts = kind === "click" ? a.clickable : kind === "long_click" ? a["long-clickable"] : a.focusable;
    return accepts === "true" && a.enabled !== "false";
  }

  tapAt(x: number, y: number): boolean {
    this.calls.push(`tap:${x},${y}`);
    return this.tapAccepted;
  }

  touch(x: number, y: number, kind: "click" | "long_click"): UiNode | undefined {
    this.calls.push(`touch:${kind}:${x},${y}`);
    return undefined;
  }

  pressBack(): void {
    this.calls.push("pressBack");
  }

  setText(target: UiNode, text: string): boolean {
    this.calls.push(`setText:${nameOf(target)}:${text}`);
    if (inferRole(target) !== "textfield") return false;
    target.attributes.text = text;
    return true;
  }

  submit(target?: UiNode): void {
    this.calls.push(`submit:${target ? nameOf(target) : ""}`);
  }

  scroll(container: UiNode, direction: ScrollDirection, distanceRatio: number): ScrollOutcome {
    this.calls.push(`scroll:${nameOf(container)}:${direction}:${distanceRatio}`);
    return this.scrollOutcomes.shift() ?? "edge_reached";
  }

  swipe(x1: number, y1: number, x2: number, y2: number): void {
    this.calls.push(`swipe:${x1},${y1},${x2},${y2}`);
  }

  globalAction(key: GlobalKey): boolean {
    this.calls.push(`global:${key}`);
    return !this.refusedKeys.has(key);
  }

  keyEvent(code: string): boolean {
    this.calls.push(`key:${code}`);
    return true;
  }

  typeText(text: string): boolean {
    this.calls.push(`type:${text}`);
    return true;
  }

  openApp(applicationId: string): boolean {
    this.calls.push(`openApp:${applicationId}`);
    return this.installed.has(applicationId);
  }

  openUri(uri: string): boolean {
    this.calls.push(`openUri:${uri}`);
    return this.uriSchemes.has(uri.split(":")[0]!);
  }

  forceStop(applicationId: string): void {
    this.calls.push(`forceStop:${applicationId}`);
  }
}
