import { describe, expect, it } from "vitest";
import { boundsOf, findAll, findFirst, HierarchyIndex, type UiNode } from "../../../../android/hierarchy/index.ts";
import { builtinScenario, loadScenario } from "../../../../android/virtual/scenario/load-scenario.ts";
import type { Scenario } from "../../../../android/virtual/scenario/scenario-types.ts";

const DEMO = "com.clawperator.demo";
const OPERATOR = "com.clawperator.operator";
const A11Y = `${OPERATOR}/clawperator.operator.accessibilityservice.OperatorAccessibilityService`;

/** Every tree a built-in screen can show: its XML and each scroll page under its container. */
function trees(scenario: Scenario): Array<{ where: string; roots: UiNode[] }> {
  return Object.values(scenario.screens).flatMap((screen) => [
    { where: screen.id, roots: screen.hierarchy.windows },
    ...screen.scrollers.flatMap((s) => {
      const container = findFirst(screen.hierarchy, s.container)!;
      return s.pages.map((page, p) => ({
        where: `${screen.id} page ${p + 1}`,
        roots: [{ attributes: container.attributes, children: page }],
      }));
    }),
  ]);
}

describe("built-in scenarios", () => {
  it("default: the phone, its apps and the operator's settings", async () => {
    const scenario = await loadScenario("default");
    expect(scenario.name).toBe("default");
    expect(scenario.origin).toBe('built-in scenario "default"');
    expect(scenario.device).toMatchObject({
      model: "Clawperator Virtual Device",
      sdk: 34,
      release: "14",
      screen: { width: 1080, height: 2400, density: 420 },
    });
    const apps = Object.fromEntries(scenario.apps.map((app) => [app.package, app]));
    expect(Object.keys(apps)).toEqual(["com.android.launcher3", "com.android.settings", DEMO, OPERATOR]);
    expect(apps["com.android.settings"]).toMatchObject({ system: true, versionName: "14", launchScreen: "settings" });
    expect(apps[DEMO]).toMatchObject({
      label: "Clawperator Demo",
      versionName: "1.0.0",
      versionCode: 1,
      launchScreen: "demo",
    });
    expect(apps[OPERATOR]).toMatchObject({
      label: "Clawperator Operator",
      // The release every real phone runs, with its real versionCode.
      versionName: "0.5.3",
      versionCode: 503_900,
      operator: true,
      permissions: ["android.permission.POST_NOTIFICATIONS"],
    });
    expect(scenario.device.settings.secure).toEqual({
      accessibility_enabled: "1",
      enabled_accessibility_services: A11Y,
      enabled_notification_listeners: `${OPERATOR}/action.notification.NotificationListenerService`,
    });
    expect(scenario.device.settings.global).toEqual({ development_settings_enabled: "1", adb_enabled: "1" });
    expect(scenario.uris.map((u) => u.match)).toEqual([
      { kind: "prefix", prefix: "https://clawperator.dev" },
      { kind: "prefix", prefix: "clawperator://demo/" },
    ]);
  });

  it("default: Settings lists at least 30 rows across scroll pages, Display and About phone lead to sub-screens", () => {
    const scenario = builtinScenario("default");
    const settings = scenario.screens.settings!;
    const list = findFirst(settings.hierarchy, { resourceId: "com.android.settings:id/recycler_view" })!;
    expect(list.attributes).toMatchObject({ class: "androidx.recyclerview.widget.RecyclerView", scrollable: "true" });
    expect(settings.scrollers[0]!.pages.length).toBeGreaterThanOrEqual(1);
    const rows = [list.children, ...settings.scrollers[0]!.pages].flat();
    expect(rows.length).toBeGreaterThanOrEqual(30);
    const titles = rows.map((row) => row.children[0]!.attributes.text);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Network & internet",
        "Connected devices",
        "Apps",
        "Battery",
        "Display",
        "Accessibility",
        "About phone",
        "System",
      ]),
    );
    expect(new Set(titles).size).toBe(titles.length);
    expect(
      findFirst(scenario.screens.settings_display!.hierarchy, { contentDescEquals: "Navigate up" })?.attributes
        .clickable,
    ).toBe("true");
    expect(findAll(scenario.screens.settings_display!.hierarchy, { role: "switch" })).toHaveLength(2);
  });

  it("default: the demo app's search, toggle and temperature", () => {
    const demo = builtinScenario("default").screens.demo!;
    expect(findFirst(demo.hierarchy, { resourceId: `${DEMO}:id/search` })?.attributes).toMatchObject({
      class: "android.widget.EditText",
      hint: "Search cities",
      package: DEMO,
    });
    expect(findFirst(demo.hierarchy, { resourceId: `${DEMO}:id/units_toggle` })?.attributes).toMatchObject({
      class: "android.widget.Switch",
      text: "Use Fahrenheit",
      checkable: "true",
    });
    expect(findFirst(demo.hierarchy, { resourceId: `${DEMO}:id/temperature` })?.attributes).toMatchObject({
      class: "android.widget.TextView",
      text: "21.4 °C",
    });
    expect(demo.values[0]).toMatchObject({ node: { resourceId: `${DEMO}:id/temperature` }, rule: { kind: "sine" } });
    expect(demo.transitions.map((t) => [t.trigger.kind, t.target])).toContainEqual([
      "submit",
      { kind: "screen", screen: "demo_results" },
    ]);
  });

  it("fresh: the same phone without the operator or its accessibility settings", () => {
    const scenario = builtinScenario("fresh");
    expect(scenario.name).toBe("fresh");
    expect(scenario.apps.map((a) => a.package)).toEqual(["com.android.launcher3", "com.android.settings", DEMO]);
    expect(scenario.device.settings.secure).toEqual({});
    expect(scenario.device.settings.global).toEqual({ development_settings_enabled: "1", adb_enabled: "1" });
    expect(
      findFirst(scenario.screens.launcher!.hierarchy, { contentDescEquals: "Clawperator Operator" }),
    ).toBeUndefined();
    expect(findFirst(scenario.screens.launcher!.hierarchy, { contentDescEquals: "Clawperator Demo" })).toBeDefined();
  });

  it.each(["default", "fresh"] as const)(
    "%s: bounds nest, clickables have size, attributes are a real dump's",
    (name) => {
      const scenario = builtinScenario(name);
      for (const { where, roots } of trees(scenario)) {
        for (const root of roots) {
          const index = new HierarchyIndex({ rotation: "0", attributes: {}, windows: [root] });
          index.nodes.forEach((node, i) => {
            const b = boundsOf(node);
            const context = `${where} node ${i} ${node.attributes.class}`;
            expect(Object.keys(node.attributes).slice(0, 17), context).toEqual([
              "index",
              "text",
              "resource-id",
              "class",
              "package",
              "content-desc",
              "checkable",
              "checked",
              "clickable",
              "enabled",
              "focusable",
              "focused",
              "scrollable",
              "long-clickable",
              "password",
              "selected",
              "bounds",
            ]);
            expect(node.attributes.class, context).toMatch(/^(android|androidx)\./);
            expect(b.right > b.left && b.bottom > b.top, context).toBe(true);
            const parent = index.parent(node);
            if (!parent) return;
            const p = boundsOf(parent);
            expect(b.left >= p.left && b.top >= p.top && b.right <= p.right && b.bottom <= p.bottom, context).toBe(
              true,
            );
            expect(node.attributes.index, context).toBe(String(parent.children.indexOf(node)));
          });
        }
      }
    },
  );
});
