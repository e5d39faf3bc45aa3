import { describe, expect, it } from "vitest";
import { findAll } from "../../../../android/hierarchy/index.ts";
import { builtinScenario } from "../../../../android/virtual/scenario/load-scenario.ts";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { defaultDeviceWith, attr, clickOn, nodeOf, scenarioDevice } from "./scenario-device.ts";

const SEARCH = { resourceId: "com.clawperator.demo:id/search" };
const TOGGLE = { resourceId: "com.clawperator.demo:id/units_toggle" };

const demo = () => defaultDeviceWith("com.clawperator.demo");

describe("scenario UI text entry", () => {
  it("sets text on an editable field, focuses it and keeps it until force-stop", () => {
    const { ui } = demo();
    expect(ui.setText(nodeOf(ui, SEARCH), "Paris")).toBe(true);
    expect(attr(ui, SEARCH, "text")).toBe("Paris");
    expect(attr(ui, SEARCH, "focused")).toBe("true");
    ui.globalAction("home");
    ui.openApp("com.clawperator.demo");
    expect(attr(ui, SEARCH, "text")).toBe("Paris");
    ui.forceStop("com.clawperator.demo");
    ui.openApp("com.clawperator.demo");
    expect(attr(ui, SEARCH, "text")).toBe("");
    expect(attr(ui, SEARCH, "focused")).toBe("false");
  });

  it("refuses text on nodes that are not editable", () => {
    const { ui } = demo();
    expect(ui.setText(nodeOf(ui, { resourceId: "com.clawperator.demo:id/city" }), "x")).toBe(false);
    expect(attr(ui, { resourceId: "com.clawperator.demo:id/city" }, "text")).toBe("San Francisco");
  });

  it("accepts text on nodes the screen declares editable", () => {
    const scenario = parseScenario(
      {
        apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
        home: "main",
        screens: {
          main: {
            hierarchy_xml:
              '<hierarchy rotation="0"><node class="android.view.View" resource-id="composeInput" ' +
              'package="com.example" bounds="[0,0][100,50]" /></hierarchy>',
            editable: [{ resourceId: "composeInput" }],
          },
        },
      },
      { origin: "test", defaultName: "t" },
    );
    const { ui } = scenarioDevice(scenario);
    expect(ui.setText(nodeOf(ui, { resourceId: "composeInput" }), "hi")).toBe(true);
    expect(attr(ui, { resourceId: "composeInput" }, "text")).toBe("hi");
  });

  it("submit fires the field's submit transition", () => {
    const { ui } = demo();
    const field = nodeOf(ui, SEARCH);
    ui.setText(field, "Paris");
    ui.submit(field);
    expect(ui.currentScreenId()).toBe("demo_results");
  });

  it("a click focuses the field; input text appends, DEL deletes, ENTER submits", () => {
    const { ui } = demo();
    expect(ui.typeText("x")).toBe(false);
    expect(clickOn(ui, SEARCH)).toBe(true);
    expect(attr(ui, SEARCH, "focused")).toBe("true");
    expect(ui.typeText("Par")).toBe(true);
    expect(ui.typeText("is😀")).toBe(true);
    expect(attr(ui, SEARCH, "text")).toBe("Paris😀");
    expect(ui.keyEvent("67")).toBe(true);
    expect(ui.keyEvent("KEYCODE_DEL")).toBe(true);
    expect(attr(ui, SEARCH, "text")).toBe("Pari");
    expect(ui.keyEvent("KEYCODE_ENTER")).toBe(true);
    expect(ui.currentScreenId()).toBe("demo_results");
  });

  it("key events: BACK and HOME navigate, RECENTS and other keys are accepted, nonsense is refused", () => {
    const { ui } = demo();
    clickOn(ui, { resourceId: "com.clawperator.demo:id/search_button" });
    expect(ui.currentScreenId()).toBe("demo_results");
    expect(ui.keyEvent("4")).toBe(true);
    expect(ui.currentScreenId()).toBe("demo");
    expect(ui.keyEvent("187")).toBe(true);
    expect(ui.keyEvent("KEYCODE_VOLUME_UP")).toBe(true);
    expect(ui.currentScreenId()).toBe("demo");
    expect(ui.keyEvent("KEYCODE_HOME")).toBe(true);
    expect(ui.currentScreenId()).toBe("launcher");
    expect(ui.keyEvent("not a key!")).toBe(false);
  });
});

describe("scenario UI clicks", () => {
  it("a click toggles a checkable node", () => {
    const { ui } = demo();
    expect(attr(ui, TOGGLE, "checked")).toBe("false");
    expect(clickOn(ui, TOGGLE)).toBe(true);
    expect(attr(ui, TOGGLE, "checked")).toBe("true");
    clickOn(ui, TOGGLE);
    expect(attr(ui, TOGGLE, "checked")).toBe("false");
  });

  it("a click on a settings row toggles the switch inside it", () => {
    const { ui } = scenarioDevice(builtinScenario("default"));
    ui.openApp("com.android.settings");
    clickOn(ui, { textEquals: "Display" });
    // The Display page's switches: Adaptive brightness, then Dark theme.
    const checkedOf = () =>
      findAll(ui.snapshot(), { resourceId: "android:id/switch_widget" }).map((n) => n.attributes.checked);
    expect(checkedOf()).toEqual(["true", "false"]);
    expect(clickOn(ui, { textEquals: "Dark theme" })).toBe(true);
    expect(checkedOf()).toEqual(["true", "true"]);
    expect(ui.currentScreenId()).toBe("settings_display");
  });

  it("refuses clicks on nodes that are not clickable, long clicks on nodes that are not long-clickable, and disabled nodes", () => {
    const scenario = parseScenario(
      {
        apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
        home: "main",
        screens: {
          main: {
            hierarchy_xml:
              '<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" ' +
              'bounds="[0,0][100,100]">' +
              '<node class="android.widget.Button" text="Off" clickable="false" bounds="[0,0][100,50]" />' +
              '<node class="android.widget.Button" text="Gone" clickable="true" enabled="false" ' +
              'bounds="[0,50][100,100]" /></node></hierarchy>',
            transitions: [{ click: { textEquals: "Gone" }, to: "other" }],
          },
          other: {
            package: "com.example",
            hierarchy_xml: '<hierarchy rotation="0"><node text="other" bounds="[0,0][10,10]" /></hierarchy>',
          },
        },
      },
      { origin: "test", defaultName: "t" },
    );
    const { ui } = scenarioDevice(scenario);
    expect(ui.performClick(nodeOf(ui, { textEquals: "Off" }), "click")).toBe(false);
    expect(ui.performClick(nodeOf(ui, { textEquals: "Gone" }), "click")).toBe(false);
    expect(ui.tapAt(50, 75)).toBe(false);
    expect(ui.currentScreenId()).toBe("main");
  });

  it("long-click transitions fire on long-clickable nodes only", () => {
    const { ui } = scenarioDevice(builtinScenario("default"));
    expect(clickOn(ui, { contentDescEquals: "Settings" }, "long_click")).toBe(true);
    expect(ui.currentScreenId()).toBe("launcher");
    ui.openApp("com.clawperator.demo");
    expect(clickOn(ui, { resourceId: "com.clawperator.demo:id/search_button" }, "long_click")).toBe(false);
  });

  it("focus goes to focusable nodes", () => {
    const { ui } = demo();
    expect(ui.performClick(nodeOf(ui, SEARCH), "focus")).toBe(true);
    expect(attr(ui, SEARCH, "focused")).toBe("true");
    expect(ui.performClick(nodeOf(ui, { resourceId: "com.clawperator.demo:id/city" }), "focus")).toBe(false);
  });

  it("tapAt clicks the deepest clickable node under the point", () => {
    const { ui } = scenarioDevice(builtinScenario("default"));
    ui.openApp("com.android.settings");
    const [l, t, r, b] = nodeOf(ui, { textEquals: "Display" }).attributes.bounds!.match(/-?\d+/g)!.map(Number);
    expect(ui.tapAt((l! + r!) / 2, (t! + b!) / 2)).toBe(true);
    expect(ui.currentScreenId()).toBe("settings_display");
    expect(ui.tapAt(5_000, 5_000)).toBe(false);
  });
});
