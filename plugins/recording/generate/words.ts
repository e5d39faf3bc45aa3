import type { MatcherFields } from "../../../android/hierarchy/index.ts";
import type { Target } from "./targets.ts";

const PHRASES: ReadonlyArray<readonly [keyof MatcherFields, (value: string) => string]> = [
  ["textEquals", (v) => `"${v}"`],
  ["textContains", (v) => `the text containing "${v}"`],
  ["contentDescEquals", (v) => `the element described "${v}"`],
  ["contentDescContains", (v) => `the element whose description contains "${v}"`],
  ["resourceId", (v) => `id ${v}`],
  ["role", (v) => `the ${v}`],
];

/** A target in words for SKILL.md: `"Display"`, `id com.example:id/search`, `the point (540, 1200)`. */
export function describeTarget(target: Target): string {
  if ("coordinate" in target) return `the point (${target.coordinate.x}, ${target.coordinate.y})`;
  const parts = PHRASES.flatMap(([field, phrase]) => {
    const value = target.matcher[field];
    return value === undefined || value === "" ? [] : [phrase(value)];
  });
  return parts.join(", ");
}

const m = (params: Record<string, unknown>, key = "matcher") =>
  describeTarget({ matcher: params[key] as MatcherFields });
const input = (text: unknown) => String(text).replace(/^\{\{(.+)\}\}$/, "the input $1");

/** A recipe step in words, for SKILL.md; its params are the written ones (placeholders, never recorded values). */
export function describeStep(type: string, params: Record<string, unknown>): string {
  switch (type) {
    case "close_app":
      return `Close ${params.applicationId} (a fresh start)`;
    case "open_app":
      return `Open ${params.applicationId}`;
    case "wait_for_node":
      return `Wait for ${m(params)}`;
    case "click":
      return `Tap ${describeTarget(params as Target)}`;
    case "enter_text":
      return `Type ${input(params.text)} into ${m(params)}${params.submit ? " and submit it" : ""}`;
    case "scroll_and_click":
      return `Scroll ${params.direction}${params.container ? ` in ${m(params, "container")}` : ""} to ${m(params)} and tap it`;
    case "scroll_until":
      return `Scroll ${params.direction} until ${m(params)} shows`;
    case "press_key":
      return `Press ${params.key === "back" ? "Back" : params.key}`;
    case "read_text":
      return `Read ${m(params)} as the result`;
    default:
      return type;
  }
}
