import { describe, expect, it } from "vitest";
import { RETRY_PRESETS } from "../../../../core/contracts/retry.ts";
import { parseCommandPayload, type OperatorCommand } from "../../../../android/virtual/operator/parse-command.ts";

const command = (actions: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ commandId: "c", taskId: "t", source: "s", timeoutMs: 5_000, actions, ...extra });

function parsed(text: string): OperatorCommand {
  const result = parseCommandPayload(text);
  if (!result.ok) throw new Error(result.message);
  return result.command;
}

const paramsOf = (action: Record<string, unknown>) => parsed(command([{ id: "a", ...action }])).actions[0]!;

describe("parseCommandPayload", () => {
  it("applies the APK's defaults to omitted params", () => {
    expect(paramsOf({ type: "scroll" })).toEqual({
      id: "a",
      type: "scroll",
      params: { direction: "down", distanceRatio: 0.7, settleDelayMs: 250, findFirstScrollableChild: true, retry: RETRY_PRESETS.None },
    });
    expect(paramsOf({ type: "scroll_until" }).params).toEqual({
      direction: "down", distanceRatio: 0.7, settleDelayMs: 250, findFirstScrollableChild: true,
      maxScrolls: 20, maxDurationMs: 10_000, noPositionChangeThreshold: 3,
    });
    expect(paramsOf({ type: "scroll_and_click", params: { target: { textEquals: "x" } } }).params).toMatchObject({
      maxSwipes: 10, clickAfter: true, clickType: "click", scrollRetry: RETRY_PRESETS.UiScroll, clickRetry: RETRY_PRESETS.UiReadiness,
    });
    expect(paramsOf({ type: "wait_for_node", params: { matcher: { textEquals: "x" } } }).params).toEqual({
      matcher: { textEquals: "x" },
      retry: RETRY_PRESETS.UiReadiness,
    });
    expect(paramsOf({ type: "read_text", params: { matcher: { textEquals: "x" } } }).params).toMatchObject({ validator: "none" });
    expect(paramsOf({ type: "enter_text", params: { matcher: { textEquals: "x" }, text: "hi" } }).params).toMatchObject({ submit: false });
    expect(paramsOf({ type: "sleep" }).params).toEqual({ durationMs: 0 });
    expect(parsed(command([{ id: "a", type: "doctor_ping" }], { timeoutMs: undefined })).timeoutMs).toBe(30_000);
  });

  it("clamps out-of-range numbers and reads numeric strings and boolean words as the APK does", () => {
    expect(paramsOf({ type: "scroll_until", params: { maxScrolls: 999, distanceRatio: "1.5", settleDelayMs: -3, findFirstScrollableChild: "FALSE", maxDurationMs: "oops" } }).params).toMatchObject({
      maxScrolls: 200,
      distanceRatio: 1,
      settleDelayMs: 0,
      findFirstScrollableChild: false,
      maxDurationMs: 10_000,
    });
    expect(parsed(command([{ id: "a", type: "doctor_ping" }], { timeoutMs: 999_999 })).timeoutMs).toBe(120_000);
    expect(parsed(command([{ id: "a", type: "doctor_ping" }], { timeoutMs: 5 })).timeoutMs).toBe(1_000);
    expect(paramsOf({ type: "sleep", params: { durationMs: 500_000 } }).params).toEqual({ durationMs: 120_000 });
  });

  it("takes a retry object as a whole, with neutral defaults for its omitted fields", () => {
    expect(paramsOf({ type: "click", params: { matcher: { role: "button" }, retry: { maxAttempts: 3 } } }).params).toMatchObject({
      retry: { maxAttempts: 3, initialDelayMs: 0, maxDelayMs: 0, backoffMultiplier: 1, jitterRatio: 0 },
    });
    expect(paramsOf({ type: "click", params: { matcher: { role: "button" }, retry: { maxAttempts: 50, initialDelayMs: 800, maxDelayMs: 100, backoffMultiplier: 9 } } }).params).toMatchObject({
      retry: { maxAttempts: 10, initialDelayMs: 800, maxDelayMs: 800, backoffMultiplier: 5, jitterRatio: 0 },
    });
  });

  it("accepts the APK's other spellings of action types, click types and case", () => {
    expect(paramsOf({ type: "KEY_PRESS", params: { key: "Home" } })).toEqual({ id: "a", type: "press_key", params: { key: "home" } });
    expect(paramsOf({ type: "find_node", params: { matcher: { textEquals: "x" } } }).type).toBe("wait_for_node");
    expect(paramsOf({ type: "type_text", params: { matcher: { textEquals: "x" }, text: "y" } }).type).toBe("enter_text");
    expect(paramsOf({ type: "click", params: { matcher: { textEquals: "x" }, clickType: "longclick" } }).params).toMatchObject({ clickType: "long_click" });
    expect(paramsOf({ type: "click", params: { matcher: { textEquals: "x" }, clickType: "default" } }).params).toMatchObject({ clickType: "click" });
  });

  it("ignores keys it does not know and reads numbers where text is expected", () => {
    const result = parsed(command([{ id: 7, type: "open_app", params: { applicationId: "com.x", extra: true } }], { commandId: 42, mode: "direct" }));
    expect(result).toEqual({
      commandId: "42",
      taskId: "t",
      timeoutMs: 5_000,
      actions: [{ id: "7", type: "open_app", params: { applicationId: "com.x", retry: { maxAttempts: 4, initialDelayMs: 750, maxDelayMs: 4_000, backoffMultiplier: 2, jitterRatio: 0.15 } } }],
    });
  });

  it.each([
    ["missing commandId", JSON.stringify({ taskId: "t", actions: [{ id: "a", type: "doctor_ping" }] }), "commandId: is required", undefined, "t"],
    ["blank taskId", command([{ id: "a", type: "doctor_ping" }], { taskId: "  " }), "taskId: must not be blank", "c", "  "],
    ["no actions", command([]), "actions: must not be empty", "c", "t"],
    ["a matcher with no field", command([{ id: "a", type: "click", params: { matcher: {} } }]), "actions.0.params.matcher: must include at least one matcher field", "c", "t"],
    ["a missing matcher", command([{ id: "a", type: "read_text" }]), "actions.0.params.matcher: is required", "c", "t"],
    ["an unknown direction", command([{ id: "a", type: "scroll", params: { direction: "sideways" } }]), "actions.0.params.direction: unsupported direction: sideways", "c", "t"],
    ["an unknown validator", command([{ id: "a", type: "read_text", params: { matcher: { textEquals: "x" }, validator: "regex" } }]), "unsupported validator: regex", "c", "t"],
    ["a missing key", command([{ id: "a", type: "press_key" }]), "actions.0.params.key: is required", "c", "t"],
    ["blank text", command([{ id: "a", type: "enter_text", params: { matcher: { textEquals: "x" }, text: " " } }]), "actions.0.params.text: must not be blank", "c", "t"],
  ])("refuses %s with EXECUTION_VALIDATION_FAILED, keeping the ids it could read", (_name, text, message, commandId, taskId) => {
    const result = parseCommandPayload(text);
    expect(result).toMatchObject({ ok: false, code: "EXECUTION_VALIDATION_FAILED", message: expect.stringContaining(message) });
    expect(result.ok ? undefined : [result.commandId, result.taskId]).toEqual([commandId, taskId]);
  });

  it("refuses an unknown action type with EXECUTION_ACTION_UNSUPPORTED", () => {
    expect(parseCommandPayload(command([{ id: "a", type: "doctor_ping" }, { id: "b", type: "fly" }]))).toEqual({
      ok: false,
      code: "EXECUTION_ACTION_UNSUPPORTED",
      message: "unsupported action type at index=1: fly",
      commandId: "c",
      taskId: "t",
    });
  });

  it("refuses a blank, oversized or non-object payload, recovering the commandId from broken JSON by scanning", () => {
    expect(parseCommandPayload("   ")).toEqual({ ok: false, code: "EXECUTION_VALIDATION_FAILED", message: "payload is required" });
    expect(parseCommandPayload(command([{ id: "a", type: "sleep", pad: "x".repeat(64_000) }]))).toMatchObject({ ok: false, message: "payload exceeds 64000 bytes", commandId: "c" });
    expect(parseCommandPayload("[1,2]")).toMatchObject({ ok: false, message: "payload is not a JSON object" });
    expect(parseCommandPayload(`{"taskId": "t\\n2", "commandId" : "c\\u0041", "actions": [`)).toMatchObject({ ok: false, commandId: "cA", taskId: "t\n2" });
  });
});
