import type { UiHierarchy, UiNode } from "./types.ts";

/** A time of day as a clock shows it: `9:41`, `21:07`, `9:41 AM`, `09:41:07`. */
const CLOCK = /^\d{1,2}:\d{2}(:\d{2})?(\s?[AaPp]\.?[Mm]\.?)?$/;

/** A node whose value moves without the screen changing: a clock ticking, a spinner or progress bar running. */
function restless(node: UiNode): boolean {
  const cls = node.attributes.class ?? "";
  if (/ProgressBar|SeekBar|TextClock|Chronometer/.test(cls)) return true;
  return /clock/i.test(node.attributes["resource-id"] ?? "") || CLOCK.test((node.attributes.text ?? "").trim());
}

const KEYS = ["class", "resource-id", "text", "content-desc", "bounds", "checked", "selected", "enabled", "focused"];

/**
 * What must stay the same for a screen to count as settled: every node's class, id, texts, bounds and state, in
 * order. A clock's text and the value of a progress bar or spinner are left out: a clock ticks once a minute
 * whatever the app does, and an indeterminate spinner animates for as long as it shows, so waiting for either to
 * stop would wait until the ceiling every time. Bounds are in: a page sliding in changes nothing else.
 */
export function settleSignature(hierarchy: UiHierarchy): string {
  const parts: string[] = [hierarchy.rotation];
  const walk = (node: UiNode, depth: number) => {
    const skip = restless(node);
    parts.push(
      `${depth}|${KEYS.map((key) => (skip && (key === "text" || key === "content-desc") ? "" : (node.attributes[key] ?? ""))).join("|")}`,
    );
    for (const child of node.children) walk(child, depth + 1);
  };
  for (const window of hierarchy.windows) walk(window, 0);
  return parts.join("\n");
}
