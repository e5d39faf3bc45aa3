import { describe, expect, it } from "vitest";
import type { UiHierarchy } from "../../../../android/hierarchy/index.ts";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { nodeOf, scenarioDevice } from "./scenario-device.ts";

const ROWS = 500;

/** A 2,001-node screen: a list of 500 rows of 4 nodes, one of them showing a slowly changing value. */
function bigScenario() {
  const rows = Array.from(
    { length: ROWS },
    (_, i) =>
      `<node class="android.widget.LinearLayout" clickable="true" bounds="[0,${i * 10}][1080,${i * 10 + 10}]">` +
      `<node class="android.widget.TextView" resource-id="com.example:id/title" text="Row ${i}" bounds="[0,` +
      `${i * 10}][500,${i * 10 + 10}]" />` +
      `<node class="android.widget.TextView" text="Summary ${i}" bounds="[500,${i * 10}][1000,${i * 10 + 10}]" />` +
      `<node class="android.widget.ImageView" content-desc="icon" bounds="[1000,${i * 10}][1080,${i * 10 + 10}` +
      `]" /></node>`,
  );
  return parseScenario(
    {
      apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
      home: "main",
      screens: {
        main: {
          hierarchy_xml:
            `<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" ` +
            `bounds="[0,0][1080,5000]">${rows.join("")}</node></hierarchy>`,
          values: [{ node: { textEquals: "Row 7" }, linear: { start: 0, perSecond: 1 }, decimals: 0 }],
        },
      },
    },
    { origin: "test", defaultName: "big" },
  );
}

/** A window's rows: the list's children. */
const rowsOf = (snapshot: UiHierarchy) => snapshot.windows[0]!.children;

// What keeps a snapshot of a big screen cheap, asserted as behaviour: nodes that did not change are the very
// objects of the previous snapshot. Its cost is a target in bench/in-process.mjs (bench/RESULTS.md).
describe("scenario UI snapshots reuse what did not change", () => {
  it("a 2,001-node screen: a second snapshot with nothing changed is made of the same node objects", () => {
    const { ui } = scenarioDevice(bigScenario());
    const first = ui.snapshot();
    let count = 0;
    const walk = (n: { children: readonly unknown[] }): void => {
      count++;
      for (const c of n.children) walk(c as { children: readonly unknown[] });
    };
    first.windows.forEach(walk);
    expect(count).toBe(2_001);
    expect(ui.snapshot().windows[0]).toBe(first.windows[0]);
  });

  it("after a value changes only its branch is new, and later snapshots reuse the new one", () => {
    const { ui, clock } = scenarioDevice(bigScenario());
    const before = ui.snapshot();
    clock.ms += 1_000;
    const after = ui.snapshot();
    expect(nodeOf(ui, { textEquals: "1" })).toBeDefined();
    expect(rowsOf(after)[7]).not.toBe(rowsOf(before)[7]);
    expect(rowsOf(after).filter((row, i) => row !== rowsOf(before)[i])).toEqual([rowsOf(after)[7]]);
    expect(ui.snapshot().windows[0]).toBe(after.windows[0]);
  });

  it("a snapshot cannot be changed by its reader", () => {
    const { ui } = scenarioDevice(bigScenario());
    const node = nodeOf(ui, { textEquals: "Row 3" });
    expect(() => {
      node.attributes.text = "hacked";
    }).toThrow(TypeError);
    expect(() => node.children.push(node)).toThrow(TypeError);
    expect(nodeOf(ui, { textContains: "Row 3" }).attributes.text).toBe("Row 3");
  });
});
