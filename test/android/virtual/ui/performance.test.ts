import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { nodeOf, scenarioDevice } from "./scenario-device.ts";

const ROWS = 500;

/** A 2,001-node screen: a list of 500 rows of 4 nodes, one of them showing a slowly changing value. */
function bigScenario() {
  const rows = Array.from(
    { length: ROWS },
    (_, i) =>
      `<node class="android.widget.LinearLayout" clickable="true" bounds="[0,${i * 10}][1080,${i * 10 + 10}]">` +
      `<node class="android.widget.TextView" resource-id="com.example:id/title" text="Row ${i}" bounds="[0,${i * 10}][500,${i * 10 + 10}]" />` +
      `<node class="android.widget.TextView" text="Summary ${i}" bounds="[500,${i * 10}][1000,${i * 10 + 10}]" />` +
      `<node class="android.widget.ImageView" content-desc="icon" bounds="[1000,${i * 10}][1080,${i * 10 + 10}]" /></node>`,
  );
  return parseScenario(
    {
      apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
      home: "main",
      screens: {
        main: {
          hierarchy_xml: `<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,5000]">${rows.join("")}</node></hierarchy>`,
          values: [{ node: { textEquals: "Row 7" }, linear: { start: 0, perSecond: 1 }, decimals: 0 }],
        },
      },
    },
    { origin: "test", defaultName: "big" },
  );
}

function msPerSnapshot(run: () => void, times: number): number {
  const start = performance.now();
  for (let i = 0; i < times; i++) run();
  return (performance.now() - start) / times;
}

describe("scenario UI snapshot cost", () => {
  it("a 2,000-node screen snapshots in well under 2 ms when nothing changed", () => {
    const { ui } = scenarioDevice(bigScenario());
    const first = ui.snapshot();
    let count = 0;
    const walk = (n: { children: readonly unknown[] }): void => {
      count++;
      n.children.forEach((c) => walk(c as { children: readonly unknown[] }));
    };
    first.windows.forEach(walk);
    expect(count).toBe(2_001);
    expect(msPerSnapshot(() => ui.snapshot(), 500)).toBeLessThan(1);
  });

  it("after a value changes, later snapshots are cheap again", () => {
    const { ui, clock } = scenarioDevice(bigScenario());
    ui.snapshot();
    clock.ms += 1_000;
    expect(nodeOf(ui, { textEquals: "1" })).toBeDefined();
    expect(msPerSnapshot(() => ui.snapshot(), 200)).toBeLessThan(1);
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
