import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { defaultDeviceWith, nodeOf, scenarioDevice, texts } from "./scenario-device.ts";

const LIST = { resourceId: "com.android.settings:id/recycler_view" };
const TITLES = { resourceId: "android:id/title" };

const settings = () => defaultDeviceWith("com.android.settings");

describe("scenario UI scrolling", () => {
  it("pages through a declared container and reports the edges", () => {
    const { ui } = settings();
    const first = texts(ui, TITLES);
    expect(first[0]).toBe("Network & internet");
    expect(ui.scroll(nodeOf(ui, LIST), "up", 0.7)).toBe("edge_reached");
    expect(ui.scroll(nodeOf(ui, LIST), "down", 0.7)).toBe("moved");
    const second = texts(ui, TITLES);
    expect(second).not.toContain("Network & internet");
    expect(ui.scroll(nodeOf(ui, LIST), "down", 0.7)).toBe("moved");
    expect(texts(ui, TITLES).at(-1)).toBe("About phone");
    expect(ui.scroll(nodeOf(ui, LIST), "down", 0.7)).toBe("edge_reached");
    expect(ui.scroll(nodeOf(ui, LIST), "up", 0.7)).toBe("moved");
    expect(texts(ui, TITLES)).toEqual(second);
    expect(ui.scroll(nodeOf(ui, LIST), "left", 0.7)).toBe("edge_reached");
  });

  it("rows of later pages take clicks and lead where the scenario says", () => {
    const { ui } = settings();
    ui.scroll(nodeOf(ui, LIST), "down", 0.7);
    ui.scroll(nodeOf(ui, LIST), "down", 0.7);
    const row = nodeOf(ui, { textEquals: "About phone" });
    expect(ui.tapAt(540, Number(/\]\[\d+,(\d+)\]/.exec(row.attributes.bounds!)![1]) - 10)).toBe(true);
    expect(ui.currentScreenId()).toBe("settings_about");
    ui.globalAction("back");
    expect(texts(ui, TITLES).at(-1)).toBe("About phone");
  });

  it("undeclared scrollable containers are at their edge; other nodes refuse the gesture", () => {
    const scenario = parseScenario(
      {
        apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
        home: "main",
        screens: {
          main: {
            hierarchy_xml:
              '<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" ' +
              'bounds="[0,0][1000,1000]">' +
              '<node class="android.widget.ScrollView" resource-id="plain" scrollable="true" ' +
              'bounds="[0,0][1000,500]"><node text="a" bounds="[0,0][1000,100]" /></node>' +
              '<node class="android.widget.HorizontalScrollView" resource-id="tabs" scrollable="true" ' +
              'bounds="[0,500][1000,1000]"><node text="t0" bounds="[0,500][500,1000]" ' +
              "/></node></node></hierarchy>",
            scroll: [
              {
                container: { resourceId: "tabs" },
                orientation: "horizontal",
                pages: ['<node text="t1" bounds="[0,500][500,1000]" />'],
              },
            ],
          },
        },
      },
      { origin: "test", defaultName: "t" },
    );
    const { ui } = scenarioDevice(scenario);
    expect(ui.scroll(nodeOf(ui, { resourceId: "plain" }), "down", 0.5)).toBe("edge_reached");
    expect(ui.scroll(nodeOf(ui, { textEquals: "a" }), "down", 0.5)).toBe("gesture_failed");
    expect(ui.scroll(nodeOf(ui, { resourceId: "tabs" }), "down", 0.5)).toBe("edge_reached");
    expect(ui.scroll(nodeOf(ui, { resourceId: "tabs" }), "right", 0.5)).toBe("moved");
    expect(texts(ui, { textContains: "t" })).toEqual(["t1"]);
    ui.swipe(100, 700, 900, 700);
    expect(texts(ui, { textContains: "t" })).toEqual(["t0"]);
  });

  it("a swipe scrolls the container under its start point: finger up shows what is below", () => {
    const { ui } = settings();
    ui.swipe(540, 2000, 540, 600);
    expect(texts(ui, TITLES)).not.toContain("Network & internet");
    ui.swipe(540, 600, 540, 2000);
    expect(texts(ui, TITLES)[0]).toBe("Network & internet");
    ui.swipe(540, 600, 545, 610);
    ui.swipe(540, 60, 540, 2000);
    expect(texts(ui, TITLES)[0]).toBe("Network & internet");
  });
});
