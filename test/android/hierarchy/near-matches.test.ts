import { describe, expect, it } from "vitest";
import { labelOf } from "../../../android/hierarchy/matcher.ts";
import { nearMatches } from "../../../android/hierarchy/near-matches.ts";
import { parseHierarchy } from "../../../android/hierarchy/parse.ts";

const node = (text: string, desc = "", i = 0) =>
  `<node index="${i}" text="${text}" resource-id="" class="android.widget.TextView" package="p" content-desc="${desc}" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,${i * 100}][100,${i * 100 + 90}]" />`;
const screen = (...nodes: string[]) =>
  parseHierarchy(
    `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">${nodes.join("")}</node></hierarchy>`,
  );
const labels = (hierarchy: ReturnType<typeof screen>, matcher: Parameters<typeof nearMatches>[1]) =>
  nearMatches(hierarchy, matcher).map(labelOf);

describe("nearMatches: what is close to a matcher that found nothing", () => {
  const settings = screen(
    node("Wi‑Fi", "", 1),
    node("Mobile, Wi‑Fi, hotspot", "", 2),
    node("Bluetooth", "", 3),
    node("", "Navigate up", 4),
    node("Display", "", 5),
  );

  it("Android's non-breaking hyphen, case and spacing count as the same text; a label holding it comes next", () => {
    expect(labels(settings, { textEquals: "Wi-Fi" })).toEqual(["Wi‑Fi", "Mobile, Wi‑Fi, hotspot"]);
    expect(labels(settings, { textEquals: "wi-fi " })[0]).toBe("Wi‑Fi");
  });

  it("a typo of a label, and content descriptions", () => {
    expect(labels(settings, { textEquals: "Blutooth" })).toEqual(["Bluetooth"]);
    expect(labels(settings, { contentDescEquals: "Navigate Up" })).toEqual(["Navigate up"]);
  });

  it("nothing when nothing is close, or the matcher names no text", () => {
    expect(labels(settings, { textEquals: "Zzz no such node" })).toEqual([]);
    expect(labels(settings, { resourceId: "android:id/title" })).toEqual([]);
    expect(labels(settings, { textEquals: "" })).toEqual([]);
  });

  it("at most three, one per label, the closest first", () => {
    const many = screen(
      node("Item 1", "", 1),
      node("Item 2", "", 2),
      node("Item 3", "", 3),
      node("Item 4", "", 4),
      node("Item 1", "", 5),
    );
    expect(labels(many, { textEquals: "Item" })).toHaveLength(3);
    expect(new Set(labels(many, { textEquals: "Item 9" })).size).toBe(labels(many, { textEquals: "Item 9" }).length);
  });
});
