import { describe, expect, it } from "vitest";
import { glyphOf } from "../../../../android/virtual/render/font-5x7.ts";
import { foldToAscii, wrapLines } from "../../../../android/virtual/render/text.ts";

const strings = (lines: string[][]) => lines.map((line) => line.join(""));

describe("the 5x7 font", () => {
  it("has a distinct, non-empty glyph for every printable ASCII character but space", () => {
    const seen = new Set<string>();
    for (let code = 0x21; code <= 0x7e; code++) {
      const { rows } = glyphOf(String.fromCharCode(code));
      expect(rows).toHaveLength(7);
      expect(rows.every((row) => row >= 0 && row < 32)).toBe(true);
      expect(rows.some((row) => row !== 0)).toBe(true);
      seen.add(rows.join(","));
    }
    expect(seen.size).toBe(0x7e - 0x21 + 1);
    expect(glyphOf(" ").rows.every((row) => row === 0)).toBe(true);
  });

  it("drops descenders below the baseline and draws a box for anything else", () => {
    expect(glyphOf("g").drop).toBe(2);
    expect(glyphOf("a").drop).toBe(0);
    expect(glyphOf("漢").rows).toEqual([31, 17, 17, 17, 17, 17, 31]);
    expect(glyphOf("😀")).toEqual(glyphOf("漢"));
  });

  it("draws the degree sign as a raised ring (the demo app's temperature)", () => {
    expect(glyphOf("°").rows).toEqual([0b01100, 0b10010, 0b10010, 0b01100, 0, 0, 0]);
  });
});

describe("foldToAscii", () => {
  it.each([
    ["Dùng USB để truyền tải file?", "Dung USB đe truyen tai file?"],
    ["Don’t allow — “now”…", `Don't allow - "now"...`],
    ["Replying to \ufeff@a", "Replying to @a"],
    ["🗣\ufe0f, Face", "🗣, Face"],
    ["a\u00a0b\tc\nd", "a b c\nd"],
  ])("%j → %j", (input, output) => {
    expect(foldToAscii(input)).toBe(output);
  });
});

describe("wrapLines", () => {
  it("wraps on spaces, keeps newlines, collapses runs of spaces", () => {
    expect(strings(wrapLines("Network & internet", 10, 5))).toEqual(["Network &", "internet"]);
    expect(strings(wrapLines("a  b\n\nc", 10, 5))).toEqual(["a b", "", "c"]);
  });

  it("cuts a word longer than a line and counts emoji as one character", () => {
    expect(strings(wrapLines("abcdefghij xy", 4, 5))).toEqual(["abcd", "efgh", "ij", "xy"]);
    expect(wrapLines("😀😀 a", 3, 5)).toEqual([["😀", "😀"], ["a"]]);
  });

  it("ends with ... when the text needs more lines than fit", () => {
    expect(strings(wrapLines("one two three four", 5, 2))).toEqual(["one", "tw..."]);
    expect(strings(wrapLines("short", 10, 1))).toEqual(["short"]);
  });
});
