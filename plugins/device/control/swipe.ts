import type { SwipeInput } from "../../../core/contracts/device-control.ts";
import type { LocatedRef } from "../../../core/services/agent-views.ts";
import { parseBounds } from "../../../android/hierarchy/bounds.ts";
import { shellCommand } from "../../../android/operator/shell-quote.ts";

/** Each kind's duration when none is given: a quick swipe, a press past the long-press timeout, a slow drag. */
const DEFAULT_MS = { swipe: 300, "long-press": 800, drag: 1_000 } as const;

/** With `direction` and no `distance`: this share of the ref's box in that direction, else this many pixels. */
const REF_SHARE = 0.4;
const DEFAULT_DISTANCE = 600;

/**
 * The `input` command of a gesture: `swipe x1 y1 x2 y2 ms` (a long press stays where it starts), `draganddrop` for
 * a drag. The start is `from` or the centre of the ref's node; the end is `to`, or `distance` pixels in `direction`
 * (by default 40 % of the ref's box that way), never below 0.
 */
export function swipeCommand(input: SwipeInput, located: LocatedRef | undefined): string {
  const kind = input.kind ?? "swipe";
  const from = input.from ?? located!.center;
  let to = input.to ?? from;
  if (kind !== "long-press" && input.direction) {
    const box = located ? parseBounds(located.bounds) : undefined;
    const vertical = input.direction === "up" || input.direction === "down";
    const span = box ? (vertical ? box.bottom - box.top : box.right - box.left) : 0;
    const distance = input.distance ?? (box ? Math.max(1, Math.round(span * REF_SHARE)) : DEFAULT_DISTANCE);
    const sign = input.direction === "up" || input.direction === "left" ? -1 : 1;
    to = vertical
      ? { x: from.x, y: Math.max(0, from.y + sign * distance) }
      : { x: Math.max(0, from.x + sign * distance), y: from.y };
  }
  if (kind === "long-press") to = from;
  const ms = input.durationMs ?? DEFAULT_MS[kind];
  const verb = kind === "drag" ? "draganddrop" : "swipe";
  return shellCommand(["input", verb, ...[from.x, from.y, to.x, to.y, ms].map(String)]);
}
