import { literal, word } from "../../../android/hierarchy/agent-view/text.ts";
import { OPERATOR_PACKAGES } from "../../../core/contracts/limits.ts";
import type { RecordingEvent, ScrollEvent } from "../parse/recording-events.ts";
import type { SkillInputs } from "./skill-inputs.ts";

// What the planner reads off recorded events: whose window it was, what it was in words, which way a scroll went.

export const SYSTEM_UI = "com.android.systemui";
export const isLauncher = (pkg: string) => /launcher|quickstep/i.test(pkg);
export const isKeyboard = (pkg: string) => /inputmethod|keyboard/i.test(pkg);
const OPERATORS: readonly string[] = Object.values(OPERATOR_PACKAGES);
/** Windows that are the phone's, not the app's: never the app to open, never a step. */
export const isSystemSurface = (pkg: string) =>
  pkg === "" || pkg === SYSTEM_UI || isLauncher(pkg) || isKeyboard(pkg) || OPERATORS.includes(pkg);

/** An event in words for a warning; a label is named only when it is short and nothing a person would own. */
export function what(event: RecordingEvent, inputs: SkillInputs): string {
  switch (event.type) {
    case "click": {
      const label = event.text ?? event.contentDesc;
      const named = label && label.length <= 40 && !inputs.isVariable(label) ? ` on ${literal(label)}` : "";
      return `tap${named} in ${word(event.packageName)}`;
    }
    case "text_change":
      return `typing in ${word(event.packageName)}`;
    case "scroll":
      return `scroll in ${word(event.packageName)}`;
    case "press_key":
      return "Back";
    case "window_change":
      return `window ${word(event.packageName)}`;
  }
}

/** The direction of a run of scroll events, from the positions the APK copied from them (down when they say none). */
export function directionOf(scrolls: readonly ScrollEvent[]): "down" | "up" | "left" | "right" {
  const first = scrolls[0]!;
  const last = scrolls[scrolls.length - 1]!;
  const dx = scrolls.length > 1 ? last.scrollX - first.scrollX : first.scrollX;
  const dy = scrolls.length > 1 ? last.scrollY - first.scrollY : first.scrollY;
  if (Math.abs(dx) > Math.abs(dy)) return dx < 0 ? "left" : "right";
  return dy < 0 ? "up" : "down";
}

export const seqRange = (events: readonly RecordingEvent[]) =>
  events.length === 1 ? `seq ${events[0]!.seq}` : `seq ${events[0]!.seq}-${events[events.length - 1]!.seq}`;
