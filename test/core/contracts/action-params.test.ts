import { describe, expect, it } from "vitest";
import { validateExecution } from "../../../core/contracts/index.ts";
import { action, rejection, single, validationFailure } from "./fixtures.ts";
import { ACTION_SPECS, CANONICAL_TYPES } from "./spec-tables.ts";

const specs = Object.entries(ACTION_SPECS);
const allParams = (type: string): Record<string, unknown> => ({
  ...ACTION_SPECS[type]!.required,
  ...ACTION_SPECS[type]!.optional,
});

/** A value of the wrong JSON type for a param whose valid value is `valid`. */
function wrongType(valid: unknown): unknown {
  switch (typeof valid) {
    case "string":
      return 42;
    case "number":
      return "42";
    case "boolean":
      return "true";
    default:
      return "not-an-object";
  }
}

describe("every canonical action type (docs/execution.md#action-types)", () => {
  it.each(CANONICAL_TYPES)("%s: a minimal payload is accepted unchanged", (type) => {
    const result = validateExecution(single(type, ACTION_SPECS[type]!.required));
    expect(result.actions).toEqual([action(type, ACTION_SPECS[type]!.required)]);
  });

  it.each(CANONICAL_TYPES)("%s: every optional param of the spec is accepted and kept", (type) => {
    const result = validateExecution(single(type, allParams(type)));
    expect(result.actions[0]!.params).toEqual(allParams(type));
  });

  it.each(specs.filter(([, spec]) => spec.required === undefined).map(([type]) => type))(
    "%s: has no required param, so an empty params object is accepted",
    (type) => {
      expect(validateExecution(single(type, {})).actions[0]!.type).toBe(type);
    },
  );
});

describe("missing required params", () => {
  const cases = specs.flatMap(([type, spec]) => Object.keys(spec.required ?? {}).map((key) => [type, key] as const));

  it.each(cases)("%s without params.%s fails at actions.0.params.<key>", (type, key) => {
    const params = { ...ACTION_SPECS[type]!.required };
    delete params[key];
    const message = validationFailure(single(type, params), `actions.0.params.${key}`);
    expect(message.startsWith(`${type} params.${key} `)).toBe(true);
  });

  it.each(specs.filter(([, spec]) => spec.required !== undefined).map(([type]) => type))(
    "%s with no params object at all fails at actions.0.params",
    (type) => {
      const message = validationFailure(single(type), "actions.0.params");
      expect(message.startsWith(`${type} params `)).toBe(true);
    },
  );
});

describe("params of the wrong type", () => {
  const cases = specs.flatMap(([type]) =>
    Object.entries(allParams(type)).map(([key, valid]) => [type, key, wrongType(valid)] as const),
  );

  it.each(cases)("%s params.%s = %j fails at actions.0.params.<key>", (type, key, bad) => {
    const message = validationFailure(single(type, { ...allParams(type), [key]: bad }), `actions.0.params.${key}`);
    expect(message.startsWith(`${type} params.${key} `)).toBe(true);
  });
});

describe("unknown param keys", () => {
  it.each(CANONICAL_TYPES)("%s with params.bogusParam fails and names the action and the key", (type) => {
    const error = rejection(single(type, { ...ACTION_SPECS[type]!.required, bogusParam: 1 }));
    expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
    expect(String(error.details?.path)).toMatch(/^actions\.0\.params(\.|$)/);
    expect(error.message).toContain(type);
    expect(error.message).toContain("bogusParam");
  });

  it("a misspelled optional param is not silently dropped", () => {
    const error = rejection(single("enter_text", { ...ACTION_SPECS.enter_text!.required, sumbit: true }));
    expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
    expect(error.message).toContain("sumbit");
  });
});

describe("enum params", () => {
  const enums = specs.flatMap(([type, spec]) =>
    Object.entries(spec.enums ?? {}).map(([key, values]) => [type, key, values] as const),
  );
  const accepted = enums.flatMap(([type, key, values]) => values.map((value) => [type, key, value] as const));

  it.each(accepted)("%s params.%s = %s is accepted", (type, key, value) => {
    const result = validateExecution(single(type, { ...allParams(type), [key]: value }));
    expect((result.actions[0]!.params as Record<string, unknown>)[key]).toBe(value);
  });

  it.each(enums)("%s params.%s outside the spec's set fails and lists the allowed values", (type, key, values) => {
    const message = validationFailure(
      single(type, { ...allParams(type), [key]: "not_a_member" }),
      `actions.0.params.${key}`,
    );
    expect(message.startsWith(`${type} params.${key} `)).toBe(true);
    for (const value of values) expect(message).toContain(value);
  });

  it("press_key with a non-global key reproduces the spec's validation failure example exactly", () => {
    const message = validationFailure(single("press_key", { key: "enter" }), "actions.0.params.key");
    expect(message).toBe("press_key params.key must be one of: back, home, recents");
  });
});

describe("action ids and positions", () => {
  it("reports the index of the failing action in details.path", () => {
    const input = {
      ...single("snapshot_ui"),
      actions: [action("snapshot_ui"), { id: "a2", type: "sleep", params: { durationMs: "5" } }],
    };
    const message = validationFailure(input, "actions.1.params.durationMs");
    expect(message.startsWith("sleep params.durationMs ")).toBe(true);
  });

  it("an action without an id fails at actions.N.id", () => {
    validationFailure({ ...single("snapshot_ui"), actions: [{ type: "snapshot_ui" }] }, "actions.0.id");
  });

  it("duplicate action ids fail at the second occurrence", () => {
    const input = { ...single("snapshot_ui"), actions: [action("snapshot_ui"), action("sleep", { durationMs: 10 })] };
    const message = validationFailure(input, "actions.1.id");
    expect(message).toContain("a1");
  });
});
