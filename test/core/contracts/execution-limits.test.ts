import { describe, expect, it } from "vitest";
import { validateExecution } from "../../../core/contracts/index.ts";
import { execution, rejection, validationFailure } from "./fixtures.ts";

const snap = (id: string) => ({ id, type: "snapshot_ui" });
const actions = (count: number) => Array.from({ length: count }, (_, i) => snap(`s${i}`));
const one = [snap("s0")];

describe("Fields and Limits (docs/execution.md#payload, docs/execution.md#limits)", () => {
  it.each([1, 50])("%d action(s) are accepted", (count) => {
    expect(validateExecution(execution(actions(count))).actions).toHaveLength(count);
  });

  it.each([0, 51])("%d actions fail at details.path actions", (count) => {
    const message = validationFailure(execution(actions(count)), "actions");
    expect(message).toContain("actions");
  });

  it.each([1_000, 120_000])("timeoutMs %d is accepted", (timeoutMs) => {
    expect(validateExecution(execution(one, { timeoutMs })).timeoutMs).toBe(timeoutMs);
  });

  it.each([999, 120_001])("timeoutMs %d fails at details.path timeoutMs", (timeoutMs) => {
    const message = validationFailure(execution(one, { timeoutMs }), "timeoutMs");
    expect(message).toContain("timeoutMs");
    expect(message).toContain(String(timeoutMs));
  });

  const lengths = [
    ["commandId", 128],
    ["taskId", 128],
    ["source", 64],
  ] as const;

  it.each(lengths)("%s of %d characters is accepted", (field, max) => {
    const value = "x".repeat(max);
    expect(validateExecution(execution(one, { [field]: value }))[field]).toBe(value);
  });

  it.each(lengths)("%s of %d + 1 characters fails at its path", (field, max) => {
    const message = validationFailure(execution(one, { [field]: "x".repeat(max + 1) }), field);
    expect(message).toContain(field);
    expect(message).toContain(String(max));
  });

  it("an action id of 128 characters is accepted, 129 fails (Max ID length)", () => {
    const id = "i".repeat(128);
    expect(validateExecution(execution([snap(id)])).actions[0]!.id).toBe(id);
    validationFailure(execution([snap(`${id}i`)]), "actions.0.id");
  });

  it.each(["commandId", "taskId", "source", "expectedFormat", "timeoutMs", "actions"])(
    "required field %s missing fails at its path",
    (field) => {
      const input = execution(one);
      delete input[field];
      const message = validationFailure(input, field);
      expect(message).toContain(field);
    },
  );

  it.each([
    ["commandId", 123],
    ["taskId", false],
    ["source", null],
    ["timeoutMs", "30000"],
    ["actions", { id: "s0", type: "snapshot_ui" }],
  ])("%s of the wrong type (%j) fails at its path", (field, value) => {
    validationFailure(execution(one, { [field]: value }), field);
  });
});

describe("expectedFormat and mode", () => {
  it("expectedFormat android-ui-automator is accepted", () => {
    expect(validateExecution(execution(one)).expectedFormat).toBe("android-ui-automator");
  });

  it.each(["android-ui-automator ", "Android-UI-Automator", "hierarchy_xml", ""])(
    "expectedFormat %j fails",
    (expectedFormat) => {
      const message = validationFailure(execution(one, { expectedFormat }), "expectedFormat");
      expect(message).toContain("android-ui-automator");
    },
  );

  it.each(["artifact_compiled", "direct"])("mode %s is accepted and kept", (mode) => {
    expect(validateExecution(execution(one, { mode })).mode).toBe(mode);
  });

  it("mode is optional and not invented when omitted", () => {
    expect(validateExecution(execution(one))).not.toHaveProperty("mode");
  });

  it.each(["artifact", "best_effort", "DIRECT"])("mode %j fails and lists the allowed modes", (mode) => {
    const message = validationFailure(execution(one, { mode }), "mode");
    expect(message).toContain("artifact_compiled");
    expect(message).toContain("direct");
  });

  it("an unknown top-level field fails and is named", () => {
    const error = rejection(execution(one, { deviceId: "emulator-5554" }));
    expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
    expect(error.message).toContain("deviceId");
  });
});

describe("a non-object execution", () => {
  it.each([
    ["an array", [], "array"],
    ["a string", "{}", "string"],
    ["a number", 42, "number"],
    ["undefined", undefined, "undefined"],
  ])("%s fails with a message that says an object is expected and what was sent", (_name, input, got) => {
    const message = validationFailure(input, "");
    expect(message).toContain("JSON object");
    expect(message).toContain(got);
  });
});
