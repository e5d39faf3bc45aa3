import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { clickOn, scenarioDevice } from "./scenario-device.ts";

const xml = (...nodes: string[]) => `<hierarchy rotation="0">${nodes.join("")}</hierarchy>`;
const button = (text: string, bounds: string) =>
  `<node class="android.widget.Button" text="${text}" clickable="true" bounds="${bounds}" />`;

const scenario = parseScenario(
  {
    apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
    home: "main",
    screens: {
      main: {
        hierarchy_xml: xml(
          `<node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">` +
            `${button("Delete", "[0,0][1080,200]")}</node>`,
        ),
        transitions: [{ click: { textEquals: "Delete" }, to: "confirm" }],
      },
      confirm: {
        overlay: true,
        hierarchy_xml: xml(
          `<node class="android.widget.FrameLayout" package="com.example" bounds="[100,800][980,1400]">` +
            `${button("Cancel", "[100,1200][540,1400]")}${button("OK", "[540,1200][980,1400]")}</node>`,
        ),
        transitions: [
          { click: { textEquals: "Cancel" }, to: "@back" },
          { click: { textEquals: "OK" }, to: "done" },
        ],
      },
      done: {
        hierarchy_xml: xml(
          '<node class="android.widget.TextView" package="com.example" text="Deleted" bounds="[0,0][1080,2400]" />',
        ),
        transitions: [{ back: true, to: "@home" }],
      },
    },
  },
  { origin: "test", defaultName: "overlay" },
);

describe("scenario UI overlays", () => {
  it("a dialog screen is drawn over the screen below it, top-most window first", () => {
    const { ui } = scenarioDevice(scenario);
    clickOn(ui, { textEquals: "Delete" });
    expect(ui.currentScreenId()).toBe("confirm");
    const windows = ui.snapshot().windows;
    expect(windows.map((w) => w.attributes.bounds)).toEqual(["[100,800][980,1400]", "[0,0][1080,2400]"]);
    expect(windows[1]!.children[0]!.attributes.text).toBe("Delete");
  });

  it("taps land in the top-most window containing the point; back closes the dialog", () => {
    const { ui } = scenarioDevice(scenario);
    clickOn(ui, { textEquals: "Delete" });
    expect(ui.tapAt(300, 1300)).toBe(true);
    expect(ui.currentScreenId()).toBe("main");
    expect(ui.snapshot().windows).toHaveLength(1);
    clickOn(ui, { textEquals: "Delete" });
    ui.globalAction("back");
    expect(ui.currentScreenId()).toBe("main");
  });

  it("a screen's back transition replaces the default back", () => {
    const { ui } = scenarioDevice(scenario);
    clickOn(ui, { textEquals: "Delete" });
    clickOn(ui, { textEquals: "OK" });
    expect(ui.currentScreenId()).toBe("done");
    expect(ui.snapshot().windows).toHaveLength(1);
    ui.globalAction("back");
    expect(ui.currentScreenId()).toBe("main");
  });
});
