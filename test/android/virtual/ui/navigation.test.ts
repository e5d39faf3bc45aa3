import { describe, expect, it } from "vitest";
import { builtinScenario } from "../../../../android/virtual/scenario/load-scenario.ts";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { clickOn, nodeOf, scenarioDevice } from "./scenario-device.ts";

const DEMO = "com.clawperator.demo";

describe("scenario UI navigation", () => {
  it("starts at home and launches apps from launcher icons", () => {
    const { ui } = scenarioDevice(builtinScenario("default"));
    expect(ui.currentScreenId()).toBe("launcher");
    expect(ui.foregroundPackage()).toBe("com.android.launcher3");
    expect(clickOn(ui, { contentDescEquals: "Settings" })).toBe(true);
    expect(ui.currentScreenId()).toBe("settings");
    expect(ui.foregroundPackage()).toBe("com.android.settings");
  });

  it("follows click transitions, goes back with the up button and with back, and home from anywhere", () => {
    const { ui } = scenarioDevice(builtinScenario("default"));
    ui.openApp("com.android.settings");
    clickOn(ui, { textEquals: "Display" });
    expect(ui.currentScreenId()).toBe("settings_display");
    clickOn(ui, { contentDescEquals: "Navigate up" });
    expect(ui.currentScreenId()).toBe("settings");
    clickOn(ui, { textEquals: "Display" });
    expect(ui.globalAction("back")).toBe(true);
    expect(ui.currentScreenId()).toBe("settings");
    ui.globalAction("back");
    expect(ui.currentScreenId()).toBe("launcher");
    ui.globalAction("back");
    expect(ui.currentScreenId()).toBe("launcher");
    ui.openApp("com.android.settings");
    clickOn(ui, { textEquals: "Display" });
    expect(ui.globalAction("home")).toBe(true);
    expect(ui.currentScreenId()).toBe("launcher");
    expect(ui.globalAction("recents")).toBe(true);
    expect(ui.currentScreenId()).toBe("launcher");
  });

  it("resumes an app's task where it was left, and force-stop starts it over", () => {
    const { ui } = scenarioDevice(builtinScenario("default"));
    ui.openApp("com.android.settings");
    clickOn(ui, { textEquals: "Display" });
    ui.globalAction("home");
    expect(ui.openApp("com.android.settings")).toBe(true);
    expect(ui.currentScreenId()).toBe("settings_display");
    ui.forceStop("com.android.settings");
    expect(ui.currentScreenId()).toBe("launcher");
    ui.openApp("com.android.settings");
    expect(ui.currentScreenId()).toBe("settings");
  });

  it("force-stopping an app in the background leaves the front app alone", () => {
    const { ui } = scenarioDevice(builtinScenario("default"));
    ui.openApp("com.android.settings");
    ui.openApp(DEMO);
    ui.forceStop("com.android.settings");
    expect(ui.currentScreenId()).toBe("demo");
    ui.globalAction("back");
    expect(ui.currentScreenId()).toBe("launcher");
  });

  it("refuses apps that are not installed or have no launch screen, and sees apps installed later", () => {
    const { ui, packages } = scenarioDevice(builtinScenario("fresh"));
    expect(ui.openApp("com.clawperator.operator")).toBe(false);
    expect(ui.openApp("com.android.launcher3")).toBe(false);
    expect(ui.openApp("com.example.none")).toBe(false);
    packages.install({
      packageName: "com.example.late",
      label: "Late",
      versionName: "1",
      versionCode: 1,
      system: false,
      operator: false,
      launchScreen: "demo",
      granted: [],
    });
    expect(ui.openApp("com.example.late")).toBe(true);
    expect(ui.currentScreenId()).toBe("demo");
  });

  it("an uninstalled app disappears from the screen", () => {
    const { ui, packages } = scenarioDevice(builtinScenario("default"));
    ui.openApp(DEMO);
    packages.uninstall(DEMO);
    expect(ui.currentScreenId()).toBe("launcher");
    expect(ui.openApp(DEMO)).toBe(false);
  });

  it("opens URIs by prefix and by pattern, and logs the start", () => {
    const { ui, log } = scenarioDevice(builtinScenario("default"));
    expect(ui.openUri("https://clawperator.dev/weather?city=Paris")).toBe(true);
    expect(ui.currentScreenId()).toBe("demo");
    expect(ui.foregroundPackage()).toBe(DEMO);
    expect(log.at(-1)).toBe(
      `I/ActivityTaskManager: START u0 {act=android.intent.action.VIEW ` +
        `dat=https://clawperator.dev/weather?city=Paris flg=0x10000000 pkg=${DEMO}} from uid 2000`,
    );
    expect(ui.openUri("market://details?id=x")).toBe(false);
    expect(ui.openUri("https://example.com")).toBe(false);
    expect(ui.currentScreenId()).toBe("demo");

    const patterned = parseScenario(
      {
        apps: [{ package: "com.example.app", label: "App", launchScreen: "main" }],
        home: "main",
        screens: {
          main: {
            hierarchy_xml:
              '<hierarchy rotation="0"><node package="com.example.app" bounds="[0,0][10,10]" /></hierarchy>',
          },
          item: {
            package: "com.example.app",
            hierarchy_xml: '<hierarchy rotation="0"><node text="item" bounds="[0,0][10,10]" /></hierarchy>',
          },
        },
        uris: [{ pattern: "^example://item/\\d+$", to: "item" }],
      },
      { origin: "test", defaultName: "t" },
    );
    const other = scenarioDevice(patterned).ui;
    expect(other.openUri("example://item/12")).toBe(true);
    expect(other.currentScreenId()).toBe("item");
    expect(other.openUri("example://item/x")).toBe(false);
  });

  it("refuses the global actions the scenario declares refused", () => {
    const scenario = { ...builtinScenario("default"), refusedGlobalActions: ["recents" as const] };
    const { ui } = scenarioDevice(scenario);
    expect(ui.globalAction("recents")).toBe(false);
    expect(ui.globalAction("back")).toBe(true);
  });

  it("a click on a node of no current snapshot screen, or a node not from a snapshot, does nothing", () => {
    const { ui } = scenarioDevice(builtinScenario("default"));
    const icon = nodeOf(ui, { contentDescEquals: "Settings" });
    ui.openApp("com.clawperator.demo");
    expect(ui.performClick(icon, "click")).toBe(false);
    expect(ui.performClick({ attributes: { clickable: "true" }, children: [] }, "click")).toBe(false);
    expect(ui.currentScreenId()).toBe("demo");
  });
});
