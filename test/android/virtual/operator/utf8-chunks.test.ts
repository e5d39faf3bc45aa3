import { describe, expect, it } from "vitest";
import { utf8Chunks } from "../../../../android/virtual/operator/utf8-chunks.ts";

describe("utf8Chunks", () => {
  it("leaves a string within the limit whole", () => {
    expect(utf8Chunks("a".repeat(4_000))).toEqual(["a".repeat(4_000)]);
    expect(utf8Chunks("")).toEqual([""]);
  });

  it("cuts at the byte limit, never inside a character or a surrogate pair", () => {
    const text = `ab${"😀".repeat(5)}é恒`;
    const chunks = utf8Chunks(text, 7);
    expect(chunks).toEqual(["ab😀", "😀", "😀", "😀", "😀é", "恒"]);
    expect(chunks.join("")).toBe(text);
  });

  it("fills every chunk of a long mixed line up to the limit and loses nothing", () => {
    const text = `${"x".repeat(3_999)}😀${"é".repeat(3_000)}恒`.repeat(3);
    const chunks = utf8Chunks(text);
    expect(chunks.join("")).toBe(text);
    for (const chunk of chunks) expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(4_000);
    // A chunk ends early only where the next character would not fit (at most 3 bytes short).
    for (const chunk of chunks.slice(0, -1)) expect(Buffer.byteLength(chunk)).toBeGreaterThan(3_996);
    expect(chunks[0]).toBe("x".repeat(3_999));
  });
});
