import { describe, expect, it } from "vitest";
import { builtinScenario } from "../../../../android/virtual/scenario/load-scenario.ts";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { attr, nodeOf, scenarioDevice } from "./scenario-device.ts";

const TEMPERATURE = { resourceId: "com.clawperator.demo:id/temperature" };

describe("scenario UI dynamic values", () => {
  it("the demo temperature follows its sine over device time", () => {
    const { ui, clock } = scenarioDevice(builtinScenario("default"));
    ui.openApp("com.clawperator.demo");
    expect(attr(ui, TEMPERATURE, "text")).toBe("21.4 °C");
    clock.ms += 15_000;
    expect(attr(ui, TEMPERATURE, "text")).toBe("22.9 °C");
    clock.ms += 30_000;
    expect(attr(ui, TEMPERATURE, "text")).toBe("19.9 °C");
  });

  it("list and linear rules, with format, decimals and limits, on any attribute", () => {
    const scenario = parseScenario(
      {
        apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
        home: "main",
        screens: {
          main: {
            hierarchy_xml:
              '<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" ' +
              'bounds="[0,0][100,100]">' +
              '<node resource-id="status" text="?" bounds="[0,0][100,50]" /><node resource-id="count" text="" ' +
              'content-desc="" bounds="[0,50][100,100]" /></node></hierarchy>',
            values: [
              { node: { resourceId: "status" }, values: ["idle", "busy"], everyMs: 1_000 },
              {
                node: { resourceId: "count" },
                attribute: "content-desc",
                linear: { start: 10, perSecond: 2.5, max: 15 },
                decimals: 0,
                format: "{value} steps",
              },
            ],
          },
        },
      },
      { origin: "test", defaultName: "t" },
    );
    const { ui, clock } = scenarioDevice(scenario);
    expect(attr(ui, { resourceId: "status" }, "text")).toBe("idle");
    expect(attr(ui, { resourceId: "count" }, "content-desc")).toBe("10 steps");
    clock.ms += 1_000;
    expect(attr(ui, { resourceId: "status" }, "text")).toBe("busy");
    expect(attr(ui, { resourceId: "count" }, "content-desc")).toBe("13 steps");
    clock.ms += 1_000;
    expect(attr(ui, { resourceId: "status" }, "text")).toBe("idle");
    expect(attr(ui, { resourceId: "count" }, "content-desc")).toBe("15 steps");
    expect(attr(ui, { resourceId: "count" }, "text")).toBe("");
  });

  it("nodes with changing values still take actions", () => {
    const { ui, clock } = scenarioDevice(builtinScenario("default"));
    ui.openApp("com.clawperator.demo");
    clock.ms += 7_000;
    const search = nodeOf(ui, { resourceId: "com.clawperator.demo:id/search" });
    expect(ui.setText(search, "Oslo")).toBe(true);
    clock.ms += 7_000;
    expect(attr(ui, { resourceId: "com.clawperator.demo:id/search" }, "text")).toBe("Oslo");
    expect(attr(ui, TEMPERATURE, "text")).toBe(
      `${(21.4 + 1.5 * Math.sin((2 * Math.PI * 14_000) / 60_000)).toFixed(1)} °C`,
    );
  });
});
