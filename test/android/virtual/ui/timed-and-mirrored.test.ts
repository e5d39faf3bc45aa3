import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { ScenarioError } from "../../../../android/virtual/scenario/scenario-error.ts";
import { attr, clickOn, nodeOf, scenarioDevice } from "./scenario-device.ts";

const screenXml = (...nodes: string[]) =>
  `<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" ` +
  `bounds="[0,0][1080,2400]">${nodes.join("")}</node></hierarchy>`;
const text = (id: string, value: string, extra = "") =>
  `<node resource-id="${id}" class="android.widget.TextView" text="${value}" bounds="[0,0][1080,100]" ${extra}/>`;

/** splash → loading → content on their own; a settings row that shows what the name field holds. */
function source() {
  return {
    apps: [
      { package: "com.example", label: "Example", launchScreen: "splash" },
      { package: "com.example.launcher", label: "Launcher", system: true },
    ],
    home: "home",
    screens: {
      home: { hierarchy_xml: screenXml().replaceAll("com.example", "com.example.launcher") },
      splash: { hierarchy_xml: screenXml(text("logo", "Example")), after: { ms: 1_000, to: "loading" } },
      loading: { hierarchy_xml: screenXml(text("spinner", "Loading…")), after: { ms: 2_000, to: "settings" } },
      settings: {
        hierarchy_xml: screenXml(text("name_row", "Name", 'clickable="true"'), text("name_value", "not set")),
        values: [
          {
            node: { resourceId: "name_value" },
            mirror: { screen: "edit", field: { resourceId: "name_field" } },
            format: "{value}",
          },
        ],
        transitions: [{ click: { resourceId: "name_row" }, to: "edit" }],
      },
      edit: {
        hierarchy_xml: screenXml(
          `<node resource-id="name_field" class="android.widget.EditText" text="" bounds="[0,0][1080,100]" ` +
            `clickable="true" focusable="true" />`,
        ),
        values: [
          {
            node: { resourceId: "name_field" },
            attribute: "hint",
            mirror: { field: { resourceId: "name_field" } },
            format: "was: {value}",
          },
        ],
      },
    },
  };
}

describe("timed transitions (a screen that moves on by itself)", () => {
  it("replaces the top screen after its delay, counting each step of a chain from when the previous one ended", () => {
    const { ui, clock } = scenarioDevice(parseScenario(source(), { origin: "t", defaultName: "t" }));
    ui.openApp("com.example");
    expect(ui.currentScreenId()).toBe("splash");
    clock.ms += 999;
    expect(ui.currentScreenId()).toBe("splash");
    clock.ms += 1;
    expect(ui.currentScreenId()).toBe("loading");
    // Looked at late: the chain still keeps exact time (1,000 + 2,000 ms after the app opened).
    clock.ms += 1_999;
    expect(ui.currentScreenId()).toBe("loading");
    clock.ms += 5_000;
    expect(ui.currentScreenId()).toBe("settings");
    expect(ui.foregroundPackage()).toBe("com.example");
    // The screens replace each other: back leaves the app instead of showing the splash again.
    ui.globalAction("back");
    expect(ui.currentScreenId()).toBe("home");
  });

  it("starts a screen's time when it comes to the top, not when it is first looked at", () => {
    const { ui, clock } = scenarioDevice(parseScenario(source(), { origin: "t", defaultName: "t" }));
    clock.ms += 60_000;
    ui.openApp("com.example");
    clock.ms += 1_500;
    expect(ui.currentScreenId()).toBe("loading");
  });
});

describe("mirrored values (a node whose text follows an editable field)", () => {
  it("shows the field's current value, on another screen and on its own, with the format", () => {
    const { ui, clock } = scenarioDevice(parseScenario(source(), { origin: "t", defaultName: "t" }));
    ui.openApp("com.example");
    clock.ms += 3_000;
    expect(attr(ui, { resourceId: "name_value" }, "text")).toBe("");
    expect(clickOn(ui, { resourceId: "name_row" })).toBe(true);
    expect(ui.currentScreenId()).toBe("edit");
    expect(ui.setText(nodeOf(ui, { resourceId: "name_field" }), "Ada")).toBe(true);
    expect(attr(ui, { resourceId: "name_field" }, "hint")).toBe("was: Ada");
    ui.globalAction("back");
    expect(ui.currentScreenId()).toBe("settings");
    expect(attr(ui, { resourceId: "name_value" }, "text")).toBe("Ada");
  });
});

describe("validation names the path", () => {
  function issuesOf(scenario: unknown) {
    try {
      parseScenario(scenario, { origin: "/tmp/s.yaml", defaultName: "s" });
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioError);
      return [...(error as ScenarioError).issues];
    }
    throw new Error("accepted");
  }

  it("an unknown, own-self or other app's screen in after.to, and a bad delay", () => {
    const s = source();
    s.screens.splash.after.to = "lodaing";
    s.screens.loading.after = { ms: 0, to: "loading" };
    expect(issuesOf(s)).toEqual(
      expect.arrayContaining([{ path: "screens.loading.after.ms", message: expect.stringContaining(">= 1") }]),
    );
    s.screens.loading.after.ms = 5;
    expect(issuesOf(s)).toEqual([
      { path: "screens.splash.after.to", message: 'unknown screen "lodaing" (did you mean "loading"?)' },
      { path: "screens.loading.after.to", message: "names the screen itself; a screen cannot move on to itself" },
    ]);
    const other = source();
    other.screens.splash.after.to = "home";
    expect(issuesOf(other)).toEqual([
      { path: "screens.splash.after.to", message: expect.stringMatching(/is a screen of "com\.example\.launcher"/) },
    ]);
  });

  it("a mirror of an unknown screen or of a field that matches nothing, and a mirror beside another rule", () => {
    const s = source();
    s.screens.settings.values[0]!.mirror.screen = "edt";
    s.screens.edit.values[0]!.mirror.field = { resourceId: "nope" };
    expect(issuesOf(s)).toEqual([
      { path: "screens.settings.values.0.mirror.screen", message: 'unknown screen "edt" (did you mean "edit"?)' },
      { path: "screens.edit.values.0.mirror.field", message: 'matches no node of screen "edit"' },
    ]);
    const both = source();
    // A second and third rule beside the mirror, which the schema refuses.
    Object.assign(both.screens.settings.values[0]!, { values: ["a"], everyMs: 10 });
    expect(issuesOf(both)).toEqual([
      { path: "screens.settings.values.0", message: expect.stringContaining("more than one rule") },
    ]);
  });
});
