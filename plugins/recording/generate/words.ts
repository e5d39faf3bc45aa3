import { literal, word } from "../../../android/hierarchy/agent-view/text.ts";
import type { MatcherFields } from "../../../android/hierarchy/index.ts";
import { Placeholder } from "./placeholder.ts";
import type { WrittenMatcher } from "./skill-inputs.ts";
import type { Target } from "./targets.ts";

/**
 * A recorded text in words: quoted and escaped (`literal`: no line breaks, controls or invisible characters of its
 * own), a placeholder as `{{NAME}}`.
 */
const quoted = (value: string | Placeholder) => (value instanceof Placeholder ? String(value) : literal(value));
/** A recorded name (an id, a package): bare when it is one plain word, else quoted. */
const named = (value: string | Placeholder) => (value instanceof Placeholder ? String(value) : word(value));

const PHRASES: ReadonlyArray<readonly [keyof MatcherFields, (value: string | Placeholder) => string]> = [
  ["textEquals", (v) => quoted(v)],
  ["textContains", (v) => `the text containing ${quoted(v)}`],
  ["contentDescEquals", (v) => `the element described ${quoted(v)}`],
  ["contentDescContains", (v) => `the element whose description contains ${quoted(v)}`],
  ["resourceId", (v) => `id ${named(v)}`],
  ["role", (v) => `the ${named(v)}`],
];

/** A target in words for SKILL.md: `"Display"`, `id com.example:id/search`, `the point (540, 1200)`. */
export function describeTarget(target: Target | { matcher: WrittenMatcher }): string {
  if ("coordinate" in target) return `the point (${target.coordinate.x}, ${target.coordinate.y})`;
  const parts = PHRASES.flatMap(([field, phrase]) => {
    const value = (target.matcher as WrittenMatcher)[field];
    return value === undefined || value === "" ? [] : [phrase(value)];
  });
  return parts.join(", ");
}

const m = (params: Record<string, unknown>, key = "matcher") =>
  describeTarget({ matcher: params[key] as WrittenMatcher });
const input = (text: unknown) => (text instanceof Placeholder ? `the input ${text.name}` : quoted(String(text)));

/** A recipe step in words, for SKILL.md; its params are the written ones (placeholders, never recorded values). */
export function describeStep(type: string, params: Record<string, unknown>): string {
  switch (type) {
    case "close_app":
      return `Close ${named(String(params.applicationId))} (a fresh start)`;
    case "open_app":
      return `Open ${named(String(params.applicationId))}`;
    case "wait_for_node":
      return `Wait for ${m(params)}`;
    case "click":
      return `Tap ${describeTarget(params as Target)}`;
    case "enter_text":
      return `Type ${input(params.text)} into ${m(params)}${params.submit ? " and submit it" : ""}`;
    case "scroll_and_click":
      return `Scroll ${named(String(params.direction))}${params.container ? ` in ${m(params, "container")}` : ""} to ${m(params)} and tap it`;
    case "scroll_until":
      return `Scroll ${named(String(params.direction))} until ${m(params)} shows`;
    case "press_key":
      return `Press ${params.key === "back" ? "Back" : named(String(params.key))}`;
    case "read_text":
      return `Read ${m(params)} as the result`;
    default:
      return type;
  }
}
