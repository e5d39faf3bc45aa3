import { describe, expect, it } from "vitest";
import { area, boundsOf, center, contains, formatBounds, parseBounds } from "../../../android/hierarchy/index.ts";

describe("bounds", () => {
  it("parses and formats [l,t][r,b]", () => {
    expect(parseBounds("[34,703][1310,2376]")).toEqual({ left: 34, top: 703, right: 1310, bottom: 2376 });
    expect(parseBounds("[-5,0][10,-2]")).toEqual({ left: -5, top: 0, right: 10, bottom: -2 });
    expect(formatBounds({ left: 0, top: 88, right: 1080, bottom: 2284 })).toBe("[0,88][1080,2284]");
    expect(boundsOf({ attributes: { bounds: "[1,2][3,4]" }, children: [] })).toEqual({
      left: 1,
      top: 2,
      right: 3,
      bottom: 4,
    });
  });

  it("a missing or malformed value is an empty box at the origin", () => {
    const empty = { left: 0, top: 0, right: 0, bottom: 0 };
    expect(parseBounds(undefined)).toEqual(empty);
    expect(parseBounds("[1,2,3,4]")).toEqual(empty);
    expect(parseBounds(" [1,2][3,4]")).toEqual(empty);
  });

  it("center rounds down, contains is half-open, area is never negative", () => {
    const b = parseBounds("[198,1313][586,1376]");
    expect(center(b)).toEqual({ x: 392, y: 1344 });
    expect(center(parseBounds("[0,0][3,3]"))).toEqual({ x: 1, y: 1 });
    expect(contains(b, 198, 1313)).toBe(true);
    expect(contains(b, 585, 1375)).toBe(true);
    expect(contains(b, 586, 1344)).toBe(false);
    expect(contains(b, 300, 1376)).toBe(false);
    expect(area(b)).toBe(388 * 63);
    expect(area(parseBounds("[10,10][0,0]"))).toBe(0);
  });
});
