import { describe, expect, it } from "vitest";
import { RETRY_PRESETS } from "../../../../core/contracts/retry.ts";
import { parseCommandPayload, type OperatorCommand } from "../../../../android/virtual/operator/parse-command.ts";
import { ACCEPTED, REFUSED, rowExecution } from "../../../helpers/apk-parser-table.ts";

const command = (actions: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ commandId: "c", taskId: "t", source: "s", timeoutMs: 5_000, actions, ...extra });

function parsed(text: string): OperatorCommand {
  const result = parseCommandPayload(text);
  if (!result.ok) throw new Error(result.message);
  return result.command;
}

const m = { textEquals: "x" };
const paramsOf = (action: Record<string, unknown>) => parsed(command([{ id: "a", ...action }])).actions[0]!;

describe("parseCommandPayload", () => {
  it("applies the APK's defaults to omitted params", () => {
    expect(paramsOf({ type: "scroll" })).toEqual({
      id: "a",
      type: "scroll",
      params: {
        direction: "down",
        distanceRatio: 0.7,
        settleDelayMs: 250,
        findFirstScrollableChild: true,
        retry: RETRY_PRESETS.None,
      },
    });
    expect(paramsOf({ type: "scroll_until" }).params).toEqual({
      direction: "down",
      distanceRatio: 0.7,
      settleDelayMs: 250,
      findFirstScrollableChild: true,
      maxScrolls: 20,
      maxDurationMs: 10_000,
      noPositionChangeThreshold: 3,
      clickType: "click",
      clickAfter: false,
    });
    expect(paramsOf({ type: "scroll_and_click", params: { matcher: { textEquals: "x" } } }).params).toMatchObject({
      maxSwipes: 10,
      clickAfter: true,
      clickType: "click",
      scrollRetry: RETRY_PRESETS.UiScroll,
      clickRetry: RETRY_PRESETS.UiReadiness,
    });
    expect(paramsOf({ type: "wait_for_node", params: { matcher: { textEquals: "x" } } }).params).toEqual({
      matcher: { textEquals: "x" },
      retry: RETRY_PRESETS.UiReadiness,
    });
    expect(
      paramsOf({ type: "wait_for_node", params: { matcher: { textEquals: "x" }, timeoutMs: "500000" } }).params,
    ).toMatchObject({ timeoutMs: 120_000 });
    expect(paramsOf({ type: "read_text", params: { matcher: { textEquals: "x" } } }).params).toMatchObject({
      validator: "none",
      all: false,
    });
    expect(paramsOf({ type: "enter_text", params: { matcher: { textEquals: "x" }, text: "hi" } }).params).toMatchObject(
      { submit: false },
    );
    expect(paramsOf({ type: "sleep" }).params).toEqual({ durationMs: 0, retry: RETRY_PRESETS.None });
    expect(parsed(command([{ id: "a", type: "doctor_ping" }], { timeoutMs: undefined })).timeoutMs).toBe(30_000);
  });

  it("clamps out-of-range numbers and reads numeric strings and boolean words as the APK does", () => {
    expect(
      paramsOf({
        type: "scroll_until",
        params: {
          maxScrolls: 999,
          distanceRatio: "1.5",
          settleDelayMs: -3,
          findFirstScrollableChild: "FALSE",
          maxDurationMs: "oops",
        },
      }).params,
    ).toMatchObject({
      maxScrolls: 200,
      distanceRatio: 1,
      settleDelayMs: 0,
      findFirstScrollableChild: false,
      maxDurationMs: 10_000,
    });
    expect(parsed(command([{ id: "a", type: "doctor_ping" }], { timeoutMs: 999_999 })).timeoutMs).toBe(120_000);
    expect(parsed(command([{ id: "a", type: "doctor_ping" }], { timeoutMs: 5 })).timeoutMs).toBe(1_000);
    expect(paramsOf({ type: "sleep", params: { durationMs: 500_000 } }).params).toMatchObject({ durationMs: 120_000 });
  });

  it("takes a retry object as a whole, with neutral defaults for its omitted fields", () => {
    expect(
      paramsOf({ type: "click", params: { matcher: { role: "button" }, retry: { maxAttempts: 3 } } }).params,
    ).toMatchObject({
      retry: { maxAttempts: 3, initialDelayMs: 0, maxDelayMs: 0, backoffMultiplier: 1, jitterRatio: 0 },
    });
    expect(
      paramsOf({
        type: "click",
        params: {
          matcher: { role: "button" },
          retry: { maxAttempts: 50, initialDelayMs: 800, maxDelayMs: 100, backoffMultiplier: 9 },
        },
      }).params,
    ).toMatchObject({
      retry: { maxAttempts: 10, initialDelayMs: 800, maxDelayMs: 800, backoffMultiplier: 5, jitterRatio: 0 },
    });
  });

  it("accepts the APK's other spellings of action types, click types and case", () => {
    expect(paramsOf({ type: "KEY_PRESS", params: { key: "Home" } })).toEqual({
      id: "a",
      type: "press_key",
      params: { key: "home" },
    });
    expect(paramsOf({ type: "find_node", params: { matcher: { textEquals: "x" } } }).type).toBe("wait_for_node");
    expect(paramsOf({ type: "type_text", params: { matcher: { textEquals: "x" }, text: "y" } }).type).toBe(
      "enter_text",
    );
    expect(
      paramsOf({ type: "click", params: { matcher: { textEquals: "x" }, clickType: "longclick" } }).params,
    ).toMatchObject({ clickType: "long_click" });
    expect(
      paramsOf({ type: "click", params: { matcher: { textEquals: "x" }, clickType: "default" } }).params,
    ).toMatchObject({ clickType: "click" });
  });

  it("ignores keys it does not know and reads numbers where text is expected", () => {
    const result = parsed(
      command([{ id: 7, type: "open_app", params: { applicationId: "com.x", extra: true } }], {
        commandId: 42,
        mode: "direct",
      }),
    );
    expect(result).toEqual({
      commandId: "42",
      taskId: "t",
      source: "s",
      timeoutMs: 5_000,
      actions: [
        {
          id: "7",
          type: "open_app",
          params: {
            applicationId: "com.x",
            retry: { maxAttempts: 4, initialDelayMs: 750, maxDelayMs: 4_000, backoffMultiplier: 2, jitterRatio: 0.15 },
          },
        },
      ],
    });
  });

  it.each(ACCEPTED.map((row) => [row.name, row] as const))("accepts the parser table's row: %s", (_name, row) => {
    const result = parseCommandPayload(JSON.stringify(rowExecution(row)));
    expect(result).toMatchObject({ ok: true });
  });

  it.each(REFUSED.map((row) => [row.name, row] as const))(
    "refuses the parser table's row with the APK's message: %s",
    (_name, row) => {
      const result = parseCommandPayload(JSON.stringify(rowExecution(row)));
      expect(result).toEqual({ ok: false, message: expect.stringContaining(row.refused!) });
    },
  );

  it("refuses what it cannot read at the execution level with the APK's messages", () => {
    expect(
      parseCommandPayload(JSON.stringify({ taskId: "t", source: "s", actions: [{ id: "a", type: "doctor_ping" }] })),
    ).toEqual({ ok: false, message: "commandId is required" });
    expect(parseCommandPayload(command([{ id: "a", type: "read_text" }]))).toEqual({
      ok: false,
      message: "matcher is required",
    });
    expect(parseCommandPayload(command([{ id: "a", type: "press_key" }]))).toEqual({
      ok: false,
      message: "key is required",
    });
    expect(parseCommandPayload(command([{ id: "a", type: "click", params: { matcher: m, retry: 3 } }]))).toEqual({
      ok: false,
      message: "retry is not a JsonObject",
    });
  });

  it('reads null as the text "null" where text is expected, as kotlinx\'s JsonPrimitive.content does', () => {
    expect(parsed(command([{ id: "a", type: "doctor_ping" }], { source: null })).source).toBe("null");
  });

  it("refuses a blank, oversized or non-object payload", () => {
    expect(parseCommandPayload("   ")).toEqual({ ok: false, message: "payload must not be blank" });
    expect(parseCommandPayload(command([{ id: "a", type: "sleep", pad: "x".repeat(64_000) }]))).toEqual({
      ok: false,
      message: "payload exceeds max size of 64000 bytes",
    });
    expect(parseCommandPayload("[1,2]")).toEqual({ ok: false, message: "payload is not a JsonObject" });
    expect(parseCommandPayload(`{"commandId" : "c", "actions": [`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Unexpected JSON token/),
    });
  });
});
