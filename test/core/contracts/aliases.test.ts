import { describe, expect, it } from "vitest";
import { validateExecution } from "../../../core/contracts/index.ts";
import { action, execution, rejection, single, validationFailure } from "./fixtures.ts";
import { ACTION_SPECS, ALIASES, CANONICAL_TYPES } from "./spec-tables.ts";

/** Valid params for an alias: every param its canonical type accepts in the spec, minus clickType for long_press. */
function aliasParams(alias: string): Record<string, unknown> | undefined {
  const spec = ACTION_SPECS[ALIASES[alias]!]!;
  if (alias === "long_press") return { ...spec.required };
  const params = { ...spec.required, ...spec.optional };
  return Object.keys(params).length === 0 ? undefined : params;
}

const aliases = Object.entries(ALIASES);
const everyAlias = () =>
  execution(aliases.map(([alias], i) => ({ ...action(alias, aliasParams(alias)), id: `step${i}` })));

describe("aliases normalize to canonical types (docs/execution.md#aliases)", () => {
  it.each(aliases.filter(([alias]) => alias !== "long_press"))("%s → %s with params kept", (alias, canonical) => {
    const result = validateExecution(single(alias, aliasParams(alias)));
    expect(result.actions).toEqual([action(canonical, aliasParams(alias))]);
  });

  it("long_press → click with clickType long_click (docs/execution.md#aliases: click with long-click params)", () => {
    const matcher = { contentDescEquals: "Profile photo" };
    const result = validateExecution(single("long_press", { matcher }));
    expect(result.actions).toEqual([action("click", { matcher, clickType: "long_click" })]);
  });

  it("long_press accepts an explicit clickType long_click", () => {
    const params = { matcher: { textEquals: "Item" }, clickType: "long_click" };
    expect(validateExecution(single("long_press", params)).actions[0]!.params).toEqual(params);
  });

  it.each(["default", "focus"])(
    "long_press with a contradicting clickType %s fails at params.clickType",
    (clickType) => {
      const message = validationFailure(
        single("long_press", { matcher: { textEquals: "Item" }, clickType }),
        "actions.0.params.clickType",
      );
      expect(message).toContain("long_press");
      expect(message).toContain("long_click");
    },
  );

  it.each(aliases.filter(([alias]) => ACTION_SPECS[ALIASES[alias]!]!.required !== undefined))(
    "%s is validated as %s: a missing required param fails with the spec's path form",
    (alias) => {
      const error = rejection(single(alias, {}));
      expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
      expect(String(error.details?.path)).toMatch(/^actions\.0\.params\.[A-Za-z]+$/);
    },
  );

  it("a whole execution of aliases comes out with canonical types only, in order, ids kept", () => {
    const input = everyAlias();
    const result = validateExecution(input);
    expect(result.actions.map((a) => a.type)).toEqual(aliases.map(([, canonical]) => canonical));
    expect(result.actions.map((a) => a.id)).toEqual(aliases.map((_, i) => `step${i}`));
    for (const { type } of result.actions) {
      expect(CANONICAL_TYPES).toContain(type);
      expect(Object.keys(ALIASES)).not.toContain(type);
    }
  });

  it("does not mutate the input object", () => {
    const input = everyAlias();
    const before = structuredClone(input);
    validateExecution(input);
    expect(input).toEqual(before);
  });

  it("does not mutate the input when it is rejected", () => {
    const input = single("long_press", { matcher: { textEquals: "Item" }, clickType: "focus" });
    const before = structuredClone(input);
    rejection(input);
    expect(input).toEqual(before);
  });

  it("returns a new object, so later edits to the input do not leak into the canonical execution", () => {
    const params = { matcher: { textEquals: "OK" } };
    const input = single("tap", params);
    const result = validateExecution(input);
    params.matcher.textEquals = "changed";
    expect(result.actions[0]!.params).toEqual({ matcher: { textEquals: "OK" } });
  });

  it("canonical types pass through unchanged", () => {
    const input = execution(
      CANONICAL_TYPES.map((type, i) => ({ id: `c${i}`, type, params: { ...ACTION_SPECS[type]!.required } })),
    );
    expect(validateExecution(input).actions.map((a) => a.type)).toEqual(CANONICAL_TYPES);
  });

  it.each(["long-press", "wait-for", "keypress"])(
    "alias matching is exact apart from case: %s is not an alias",
    (type) => {
      expect(rejection(single(type, { matcher: { textEquals: "OK" } })).code).toBe("EXECUTION_ACTION_UNSUPPORTED");
    },
  );

  it.each([
    ["TAP", "click"],
    ["Tap", "click"],
    ["SNAPSHOT_UI", "snapshot_ui"],
    ["Wait_For_Node", "wait_for_node"],
  ])("types are lower-cased as the APK does: %s is %s", (type, canonical) => {
    const params = canonical === "snapshot_ui" ? undefined : { matcher: { textEquals: "OK" } };
    expect(validateExecution(single(type, params)).actions[0]!.type).toBe(canonical);
  });

  it("scroll_and_click's target (the spec's name) is sent as matcher (the APK's); both at once is refused", () => {
    const result = validateExecution(single("scroll_and_click", { target: { textEquals: "Wi-Fi" }, maxSwipes: 3 }));
    expect(result.actions[0]!.params).toEqual({ matcher: { textEquals: "Wi-Fi" }, maxSwipes: 3 });
    const both = rejection(single("scroll_and_click", { target: { textEquals: "A" }, matcher: { textEquals: "B" } }));
    expect(both.details?.path).toBe("actions.0.params.target");
  });

  it("enum words are lower-cased and the APK's other spellings sent canonically", () => {
    const result = validateExecution(
      execution([
        action("click", { matcher: { textEquals: "OK" }, clickType: "LongClick" }),
        { id: "a2", type: "press_key", params: { key: "HOME" } },
        { id: "a3", type: "scroll", params: { direction: "Up" } },
      ]),
    );
    expect(result.actions.map((a) => a.params)).toEqual([
      { matcher: { textEquals: "OK" }, clickType: "long_click" },
      { key: "home" },
      { direction: "up" },
    ]);
  });
});
