import { describe, expect, it } from "vitest";
import { validateExecution } from "../../../core/contracts/index.ts";
import { action, execution, rejection, single, validationFailure } from "./fixtures.ts";
import { CANONICAL_TYPES } from "./spec-tables.ts";

const snap = (id: string) => ({ id, type: "snapshot_ui" });

describe("unknown action types → EXECUTION_ACTION_UNSUPPORTED (denylist by default, docs/execution.md#action-types)", () => {
  it.each([
    ["clik", "click"],
    ["open_ap", "open_app"],
    ["snapshot_iu", "snapshot_ui"],
    ["wait_for_nod", "wait_for_node"],
    ["scroll_untl", "scroll_until"],
    ["presskey", "press_key"],
    ["entertext", "enter_text"],
    ["Taap", "tap"],
  ])("%s suggests %s", (type, suggestion) => {
    const error = rejection(single(type));
    expect(error.code).toBe("EXECUTION_ACTION_UNSUPPORTED");
    expect(error.details?.path).toBe("actions.0.type");
    expect(error.message).toContain(type);
    expect(error.message).toContain(`did you mean "${suggestion}"`);
  });

  it.each(["teleport", "install_apk", "shell", "rm_rf"])(
    "%s has no near miss, so no suggestion is invented",
    (type) => {
      const error = rejection(single(type));
      expect(error.code).toBe("EXECUTION_ACTION_UNSUPPORTED");
      expect(error.message).toContain(type);
      expect(error.message).not.toContain("did you mean");
    },
  );

  it("details.path points at the offending action's index", () => {
    const error = rejection(execution([snap("s0"), snap("s1"), { id: "s2", type: "swipe_up" }]));
    expect(error.code).toBe("EXECUTION_ACTION_UNSUPPORTED");
    expect(error.details?.path).toBe("actions.2.type");
  });

  it("the hint lists every public canonical type", () => {
    const error = rejection(single("teleport"));
    for (const type of CANONICAL_TYPES) expect(error.hint).toContain(type);
  });

  it.each(["raw_keyevent", "enter", "volume_up"])(
    "keys outside press_key's scope are not action types either: %s",
    (type) => {
      expect(rejection(single(type)).code).toBe("EXECUTION_ACTION_UNSUPPORTED");
    },
  );

  it("an unknown type is reported even when other actions are invalid too, before any param validation", () => {
    const input = execution([
      { id: "a", type: "sleep", params: { durationMs: -1 } },
      { id: "b", type: "teleport" },
    ]);
    expect(rejection(input).code).toBe("EXECUTION_ACTION_UNSUPPORTED");
  });
});

describe("doctor_ping is internal (docs/doctor.md#handshake)", () => {
  it("is rejected from agent executions", () => {
    const error = rejection(single("doctor_ping"));
    expect(error.code).toBe("EXECUTION_ACTION_UNSUPPORTED");
    expect(error.details?.path).toBe("actions.0.type");
  });

  it("is not advertised in the hint of an unsupported-type error", () => {
    expect(rejection(single("teleport")).hint).not.toContain("doctor_ping");
  });

  it.each([undefined, {}])("is accepted with { allowInternal: true } (params %j)", (params) => {
    const result = validateExecution(single("doctor_ping", params), { allowInternal: true });
    expect(result.actions).toEqual([action("doctor_ping", params)]);
  });

  it("still has its params validated when allowed", () => {
    const error = rejection(single("doctor_ping", { echo: "x" }), { allowInternal: true });
    expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
    expect(error.message).toContain("echo");
  });

  it("allowInternal does not open the door to unknown types", () => {
    expect(rejection(single("teleport"), { allowInternal: true }).code).toBe("EXECUTION_ACTION_UNSUPPORTED");
  });
});

describe("action shape", () => {
  it.each([
    ["a missing type", { id: "a" }],
    ["a non-string type", { id: "a", type: 7 }],
  ])("%s fails validation at actions.0.type", (_name, bad) => {
    validationFailure(execution([bad]), "actions.0.type");
  });

  it.each([
    ["null", null],
    ["a string", "snapshot_ui"],
  ])("an action that is %s fails validation at actions.0", (_name, bad) => {
    validationFailure(execution([bad]), "actions.0");
  });

  it("an unknown key beside id/type/params fails", () => {
    const error = rejection(execution([{ ...snap("s0"), timeoutMs: 5000 }]));
    expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
    expect(error.message).toContain("timeoutMs");
  });

  it.each([
    [[snap("x"), snap("x")], "actions.1.id"],
    [[snap("x"), snap("y"), snap("x")], "actions.2.id"],
  ])("duplicate ids fail at the repeat (%#)", (actions, path) => {
    const message = validationFailure(execution(actions), path);
    expect(message).toContain('"x"');
  });

  it("ids that differ only in case are distinct", () => {
    expect(validateExecution(execution([snap("Step"), snap("step")])).actions).toHaveLength(2);
  });
});
