import { area, boundsOf, center, contains, isScrollable, type Bounds, type UiNode } from "../tree/index.ts";
import type { UiEvent } from "../ui/ui-events.ts";
import type { ScrollDirection, UiModel } from "../ui/ui-model.ts";
import { locate, TargetNotFound, visibleLabels, type HumanTarget } from "./human-target.ts";

/** A node as the result shows it. */
export interface NodeSummary {
  text: string;
  resourceId: string;
  contentDesc: string;
  className: string;
  bounds: Bounds;
}

/** What the screen sent while the person acted: what an accessibility service (and so a recording) saw. */
export type SentEvent = { event: string; packageName: string } | { event: "KEY_DOWN" | "KEY_UP"; keyCode: number };

export interface HumanResult {
  action: "touch" | "type" | "back" | "scroll";
  /** The node the target named (or the deepest one under the point). */
  touched?: NodeSummary;
  /** The view that took the touch; null when nothing under the finger reacts. */
  clicked?: NodeSummary | null;
  typed?: string;
  /** Whether the scroll moved anything (false at the end of the content). */
  scrolled?: boolean;
  events: SentEvent[];
  /** The screen afterwards: its foreground package and what it shows. */
  screen: { packageName: string; labels: string[] };
}

/** A person's action that could not be done; `code` is the catalogue's. */
export class HumanInputError extends Error {
  constructor(
    readonly code: "NODE_NOT_FOUND" | "NODE_NOT_CLICKABLE",
    message: string,
    readonly labels: string[],
  ) {
    super(message);
  }
}

const summary = (node: UiNode): NodeSummary => ({
  text: node.attributes.text ?? "",
  resourceId: node.attributes["resource-id"] ?? "",
  contentDesc: node.attributes["content-desc"] ?? "",
  className: node.attributes.class ?? "",
  bounds: boundsOf(node),
});

/** Which way the finger moves to bring content from a direction: against it. */
const FINGER: Record<ScrollDirection, { dx: number; dy: number }> = {
  down: { dx: 0, dy: -1 },
  up: { dx: 0, dy: 1 },
  right: { dx: -1, dy: 0 },
  left: { dx: 1, dy: 0 },
};

const sent = (event: UiEvent): SentEvent =>
  event.kind === "key"
    ? { event: event.action === "down" ? "KEY_DOWN" : "KEY_UP", keyCode: event.keyCode }
    : { event: event.eventType, packageName: event.packageName };

/**
 * Acts on the screen as a person's finger and keys would, through the same model `input` and the operator use, so
 * the screen changes as it would for them; unlike `input`, a touch is reported as a click (and Back as a key) to
 * accessibility services, which is what a recording needs.
 */
export class HumanInput {
  constructor(private readonly ui: UiModel) {}

  /** A tap (or long press) on what the target names: the view under that point handles it. */
  touch(target: HumanTarget, long = false): HumanResult {
    return this.#acting("touch", () => this.#touch(target, long));
  }

  /** Touches the target first when one is given, then types one key per character into the focused field. */
  type(text: string, into?: HumanTarget): HumanResult {
    return this.#acting("type", () => {
      const touched = into === undefined ? {} : this.#touch(into, false);
      if (!this.ui.typeText(text)) {
        throw new HumanInputError(
          "NODE_NOT_FOUND",
          into === undefined
            ? "no text field has input focus: touch one first, or name it"
            : "what was touched takes no text",
          visibleLabels(this.ui.snapshot()),
        );
      }
      return { ...touched, typed: text };
    });
  }

  back(): HumanResult {
    return this.#acting("back", () => {
      this.ui.pressBack();
      return {};
    });
  }

  /**
   * A swipe across the scroll container in the middle of the screen (or the first one there is), the finger
   * moving against the direction the content should come from.
   */
  scroll(direction: ScrollDirection): HumanResult {
    return this.#acting("scroll", (events) => {
      const container = this.#scrollContainer();
      const b = boundsOf(container);
      const { x, y } = center(b);
      const { dx, dy } = FINGER[direction];
      const reach = { x: ((b.right - b.left) * 3) / 10, y: ((b.bottom - b.top) * 3) / 10 };
      this.ui.swipe(
        Math.round(x - dx * reach.x),
        Math.round(y - dy * reach.y),
        Math.round(x + dx * reach.x),
        Math.round(y + dy * reach.y),
      );
      return { touched: summary(container), scrolled: events.some((e) => e.event === "TYPE_VIEW_SCROLLED") };
    });
  }

  #touch(target: HumanTarget, long: boolean): Pick<HumanResult, "touched" | "clicked"> {
    const hierarchy = this.ui.snapshot();
    let spot: ReturnType<typeof locate>;
    try {
      spot = locate(hierarchy, target);
    } catch (error) {
      if (error instanceof TargetNotFound) throw new HumanInputError("NODE_NOT_FOUND", error.message, error.labels);
      throw error;
    }
    const clicked = this.ui.touch(spot.x, spot.y, long ? "long_click" : "click");
    if (!clicked && !("at" in target)) {
      const seen = summary(spot.node);
      const name = seen.text || seen.contentDesc || seen.resourceId || seen.className;
      throw new HumanInputError(
        "NODE_NOT_CLICKABLE",
        `"${name}" at (${spot.x},${spot.y}) takes no ${long ? "long press" : "touch"}, nor does anything under it`,
        visibleLabels(hierarchy),
      );
    }
    return { touched: summary(spot.node), clicked: clicked ? summary(clicked) : null };
  }

  #scrollContainer(): UiNode {
    const hierarchy = this.ui.snapshot();
    const [active] = hierarchy.windows;
    const scrollables: UiNode[] = [];
    const walk = (node: UiNode): void => {
      if (isScrollable(node) && area(boundsOf(node)) > 0) scrollables.push(node);
      node.children.forEach(walk);
    };
    if (active) walk(active);
    const middle = active && center(boundsOf(active));
    const found = scrollables.find((n) => middle && contains(boundsOf(n), middle.x, middle.y)) ?? scrollables[0];
    if (!found) throw new HumanInputError("NODE_NOT_FOUND", "nothing on the screen scrolls", visibleLabels(hierarchy));
    return found;
  }

  /** Runs one action, noting every event the screen sends meanwhile, and describes the screen afterwards. */
  #acting(
    action: HumanResult["action"],
    act: (events: SentEvent[]) => Omit<HumanResult, "action" | "events" | "screen">,
  ): HumanResult {
    const events: SentEvent[] = [];
    const stop = this.ui.onUiEvent((event) => events.push(sent(event)));
    try {
      const result = act(events);
      return {
        action,
        ...result,
        events,
        screen: { packageName: this.ui.foregroundPackage(), labels: visibleLabels(this.ui.snapshot()) },
      };
    } finally {
      stop();
    }
  }
}
