import { describe, expect, it } from "vitest";
import { validateExecution } from "../../../core/contracts/index.ts";
import { rejection, single, validationFailure } from "./fixtures.ts";
import { MATCHER_EXAMPLES } from "./spec-tables.ts";

const fields = Object.keys(MATCHER_EXAMPLES);

/** Where a NodeMatcher goes: action type, param key, and the other params that action needs. */
type Site = readonly [type: string, key: string, rest: Record<string, unknown>];

/**
 * Every place a NodeMatcher is taken (docs/execution.md#nodematcher, docs/execution.md#action-types;
 * docs/protocol.md#nodematcher).
 */
const SITES: readonly Site[] = [
  ["click", "matcher", {}],
  ["enter_text", "matcher", { text: "hello" }],
  ["read_text", "matcher", {}],
  ["wait_for_node", "matcher", {}],
  ["scroll_and_click", "matcher", {}],
  ["scroll_and_click", "container", { matcher: { textEquals: "Wi-Fi" } }],
  ["scroll", "container", {}],
  ["scroll_until", "container", {}],
  ["scroll_until", "matcher", {}],
  ["read_text", "container", { matcher: { textEquals: "Wi-Fi" } }],
  ["read_key_value_pair", "labelMatcher", {}],
  ["wait_for_navigation", "expectedNode", { timeoutMs: 1_000 }],
];

const withMatcher = (matcher: unknown, [type, key, rest]: Site = SITES[0]!) =>
  single(type, { ...rest, [key]: matcher });
const matcherOf = (result: ReturnType<typeof validateExecution>, key = "matcher") =>
  (result.actions[0]!.params as Record<string, unknown>)[key];

describe("NodeMatcher (docs/execution.md#nodematcher)", () => {
  it.each(fields)("%s alone is a valid matcher", (field) => {
    const matcher = { [field]: MATCHER_EXAMPLES[field] };
    expect(matcherOf(validateExecution(withMatcher(matcher)))).toEqual(matcher);
  });

  it("all six fields together (AND) are valid and kept", () => {
    expect(matcherOf(validateExecution(withMatcher(MATCHER_EXAMPLES)))).toEqual(MATCHER_EXAMPLES);
  });

  it("the spec's combined example (resourceId + textEquals) is valid", () => {
    const matcher = { resourceId: "com.example.app:id/submit_btn", textEquals: "Submit" };
    expect(matcherOf(validateExecution(withMatcher(matcher)))).toEqual(matcher);
  });

  it("an empty field beside a non-empty one is valid (at least one must be non-empty)", () => {
    const matcher = { textEquals: "", role: "button" };
    expect(matcherOf(validateExecution(withMatcher(matcher)))).toEqual(matcher);
  });

  it.each(SITES)("%s params.%s = {} fails at that matcher's path", (type, key, rest) => {
    const message = validationFailure(withMatcher({}, [type, key, rest]), `actions.0.params.${key}`);
    expect(message.startsWith(`${type} params.${key} `)).toBe(true);
  });

  it.each(SITES)("%s params.%s with every field empty fails", (type, key, rest) => {
    const empty = Object.fromEntries(fields.map((field) => [field, ""]));
    validationFailure(withMatcher(empty, [type, key, rest]), `actions.0.params.${key}`);
  });

  it.each(["text", "className", "resource-id", "contentDesc", "index"])("unknown key %s fails and is named", (key) => {
    const error = rejection(withMatcher({ textEquals: "OK", [key]: "x" }));
    expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
    expect(String(error.details?.path).startsWith("actions.0.params.matcher")).toBe(true);
    expect(error.message).toContain(key);
  });

  it.each(fields)("%s of 512 characters is accepted (Max matcher value length)", (field) => {
    const matcher = { [field]: "m".repeat(512) };
    expect(matcherOf(validateExecution(withMatcher(matcher)))).toEqual(matcher);
  });

  it.each(fields)("%s of 513 characters fails at its path", (field) => {
    const message = validationFailure(withMatcher({ [field]: "m".repeat(513) }), `actions.0.params.matcher.${field}`);
    expect(message.startsWith(`click params.matcher.${field} `)).toBe(true);
    expect(message).toContain("512");
  });

  it.each(SITES)("%s params.%s enforces the value length limit too", (type, key, rest) => {
    validationFailure(
      withMatcher({ textContains: "m".repeat(513) }, [type, key, rest]),
      `actions.0.params.${key}.textContains`,
    );
  });

  it.each(fields)("%s must be a string", (field) => {
    validationFailure(withMatcher({ [field]: 1 }), `actions.0.params.matcher.${field}`);
  });

  it.each([
    ["a string", "Login"],
    ["an array", [{ textEquals: "Login" }]],
    ["null", null],
  ])("a matcher that is %s fails at the matcher's path", (_name, matcher) => {
    validationFailure(withMatcher(matcher), "actions.0.params.matcher");
  });
});
