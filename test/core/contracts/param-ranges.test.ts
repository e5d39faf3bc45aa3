import { describe, expect, it } from "vitest";
import { validateExecution } from "../../../core/contracts/index.ts";
import { rejection, single, validationFailure } from "./fixtures.ts";
import { ACTION_SPECS, PARAM_RANGES, RETRY_CAPS, RETRY_EXAMPLE, RETRY_PARAMS } from "./spec-tables.ts";

const withParam = (type: string, key: string, value: unknown) =>
  single(type, { ...ACTION_SPECS[type]!.required, [key]: value });
const paramOf = (result: ReturnType<typeof validateExecution>, key: string) =>
  (result.actions[0]!.params as Record<string, unknown>)[key];

describe("numeric param ranges (docs/execution.md#action-types, sleep behaviour note)", () => {
  const inside = PARAM_RANGES.flatMap(([type, key, min, max]) => [
    [type, key, min] as const,
    [type, key, max] as const,
  ]);
  const outside = PARAM_RANGES.flatMap(([type, key, min, max, step]) => [
    [type, key, min - step] as const,
    [type, key, max + step] as const,
  ]);

  it.each(inside)("%s params.%s = %d (boundary) is accepted", (type, key, value) => {
    expect(paramOf(validateExecution(withParam(type, key, value)), key)).toBe(value);
  });

  it.each(outside)("%s params.%s = %d (just past the boundary) fails", (type, key, value) => {
    const message = validationFailure(withParam(type, key, value), `actions.0.params.${key}`);
    expect(message.startsWith(`${type} params.${key} `)).toBe(true);
    expect(message).toContain(String(value));
  });
});

describe("the retry object (docs/execution.md#retry)", () => {
  const caps = RETRY_PARAMS.flatMap(([type, param]) =>
    RETRY_CAPS.map(([field, cap]) => [type, param, field, cap] as const),
  );

  it.each(caps)("%s params.%s.%s = %d (the cap) is accepted", (type, param, field, cap) => {
    const result = validateExecution(withParam(type, param, { ...RETRY_EXAMPLE, [field]: cap }));
    expect((paramOf(result, param) as Record<string, unknown>)[field]).toBe(cap);
  });

  it.each(caps)("%s params.%s.%s = %d + 1 fails at the field's path", (type, param, field, cap) => {
    const message = validationFailure(
      withParam(type, param, { ...RETRY_EXAMPLE, [field]: cap + 1 }),
      `actions.0.params.${param}.${field}`,
    );
    expect(message.startsWith(`${type} params.${param}.${field} `)).toBe(true);
  });

  it.each(RETRY_PARAMS)(
    "%s params.%s accepts a partial retry object (omitted fields use the preset)",
    (type, param) => {
      const result = validateExecution(withParam(type, param, { maxAttempts: 2 }));
      expect(paramOf(result, param)).toEqual({ maxAttempts: 2 });
    },
  );

  it.each(RETRY_PARAMS)("%s params.%s rejects an unknown retry field", (type, param) => {
    const error = rejection(withParam(type, param, { ...RETRY_EXAMPLE, timeoutMs: 5000 }));
    expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
    expect(String(error.details?.path).startsWith(`actions.0.params.${param}`)).toBe(true);
    expect(error.message).toContain("timeoutMs");
  });

  it("scroll_and_click takes two independent retry knobs", () => {
    const result = validateExecution(
      withParam("scroll_and_click", "scrollRetry", { maxAttempts: 4, initialDelayMs: 400, maxDelayMs: 2000 }),
    );
    expect(paramOf(result, "scrollRetry")).toEqual({ maxAttempts: 4, initialDelayMs: 400, maxDelayMs: 2000 });
    expect(paramOf(result, "clickRetry")).toBeUndefined();
  });

  it.each(["open_app", "close_app", "click", "enter_text", "sleep"])(
    "%s takes a retry object, as the APK's parser does",
    (type) => {
      const result = validateExecution(withParam(type, "retry", RETRY_EXAMPLE));
      expect((result.actions[0]!.params as Record<string, unknown>).retry).toEqual(RETRY_EXAMPLE);
    },
  );

  it.each(["press_key", "scroll_until"])("%s has no retry param in the APK either, so params.retry fails", (type) => {
    const error = rejection(withParam(type, "retry", RETRY_EXAMPLE));
    expect(error.code).toBe("EXECUTION_VALIDATION_FAILED");
    expect(error.message).toContain(`${type} params`);
    expect(error.message).toContain("retry");
  });
});
