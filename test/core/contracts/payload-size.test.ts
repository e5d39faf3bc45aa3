import { describe, expect, it } from "vitest";
import { validateExecution } from "../../../core/contracts/index.ts";
import { execution, rejection } from "./fixtures.ts";

/** The payload limit, 64,000 UTF-8 bytes (docs/execution.md#limits). */
const LIMIT = 64_000;
const utf8 = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

/** Bytes one occurrence of `char` adds to a JSON string (escapes included). */
const jsonBytes = (char: string): number => utf8(char) - 2;

// take_screenshot's path is the one string without a length limit of its own (enter_text's text stops at 512).
const filler = (text: string) => ({ id: "fill", type: "take_screenshot", params: { path: `/sdcard/${text}` } });

/**
 * An execution whose canonical serialization is exactly `bytes` UTF-8 bytes, padded with `char` (then ASCII for the
 * remainder). `extra` actions are appended after the filler, as sent (aliases included).
 */
function executionOfSize(
  bytes: number,
  char: string,
  extra: unknown[] = [],
  canonicalExtra: unknown[] = extra,
): Record<string, unknown> {
  const base = utf8(execution([filler(""), ...canonicalExtra]));
  const room = bytes - base;
  const text = char.repeat(Math.floor(room / jsonBytes(char))) + "a".repeat(room % jsonBytes(char));
  return execution([filler(text), ...extra]);
}

const PADS = [
  ["ASCII", "a"],
  ["2-byte é", "é"],
  ["3-byte 漢", "漢"],
  ["4-byte emoji", "😀"],
  ["JSON-escaped newline", "\n"],
] as const;

describe("payload size (canonical serialization, UTF-8 bytes)", () => {
  it.each(PADS)("exactly 64,000 bytes padded with %s is accepted and serializes to 64,000 bytes", (_name, char) => {
    const result = validateExecution(executionOfSize(LIMIT, char));
    expect(utf8(result)).toBe(LIMIT);
  });

  it.each(PADS)("exactly 64,001 bytes padded with %s fails with PAYLOAD_TOO_LARGE", (_name, char) => {
    const input = executionOfSize(LIMIT + 1, char);
    expect(utf8(input)).toBe(LIMIT + 1);
    const error = rejection(input);
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.details).toMatchObject({ bytes: LIMIT + 1, limit: LIMIT });
  });

  it("counts bytes, not characters: a multi-byte payload under 64,000 characters is still too large", () => {
    const input = executionOfSize(LIMIT + 1, "é");
    expect(JSON.stringify(input).length).toBeLessThan(LIMIT);
    expect(rejection(input).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("measures the canonical payload: an alias that grows on normalization can push it over the limit", () => {
    const tap = { id: "t", type: "tap", params: { matcher: { textEquals: "OK" } } };
    const click = { ...tap, type: "click" };
    const input = executionOfSize(LIMIT + 1, "é", [tap], [click]);
    expect(utf8(input)).toBe(LIMIT - 1);
    const error = rejection(input);
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.details).toMatchObject({ bytes: LIMIT + 1, limit: LIMIT });
  });

  it("measures the canonical payload: an alias that shrinks on normalization can bring it under the limit", () => {
    const capture = { id: "c", type: "capture_screenshot" };
    const take = { ...capture, type: "take_screenshot" };
    const input = executionOfSize(LIMIT, "漢", [capture], [take]);
    expect(utf8(input)).toBe(LIMIT + 3);
    const result = validateExecution(input);
    expect(utf8(result)).toBe(LIMIT);
    expect(result.actions[1]!.type).toBe("take_screenshot");
  });
});

describe("what --validate-only accepts can be dispatched (one adb shell command, payload single-quoted)", () => {
  it("a 64,000-byte payload full of quotes is PAYLOAD_TOO_LARGE at validation, naming the quoting", () => {
    const input = executionOfSize(LIMIT, "'");
    expect(utf8(input)).toBe(LIMIT);
    const error = rejection(input);
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toMatch(/once quoted for the device shell/);
    expect(error.details).toMatchObject({ bytes: LIMIT });
  });

  it("a few quotes in a payload near the limit still fit", () => {
    const input = executionOfSize(LIMIT - 40, "a", [
      { id: "q", type: "wait_for_node", params: { matcher: { textEquals: "it's" } } },
    ]);
    expect(validateExecution(input).actions).toHaveLength(2);
  });
});
