import type { NodeMatcher } from "../../../../core/contracts/matcher.ts";
import { findAll, findFirst, HierarchyIndex, type UiNode } from "../../../../android/hierarchy/index.ts";
import { PackageRegistry } from "../../../../android/virtual/device/packages.ts";
import { builtinScenario } from "../../../../android/virtual/scenario/load-scenario.ts";
import type { Scenario } from "../../../../android/virtual/scenario/scenario-types.ts";
import { createScenarioUi, type ScenarioUi } from "../../../../android/virtual/ui/index.ts";

/** A scenario's screen model with its apps installed and a clock the test moves by hand. */
export function scenarioDevice(scenario: Scenario) {
  const clock = { ms: 1_700_000_000_000 };
  const packages = new PackageRegistry(() => clock.ms);
  for (const app of scenario.apps) {
    packages.install({
      packageName: app.package,
      label: app.label,
      versionName: app.versionName,
      versionCode: app.versionCode,
      system: app.system,
      operator: app.operator,
      launchScreen: app.launchScreen,
      granted: app.permissions,
    });
  }
  const log: string[] = [];
  const ui = createScenarioUi(scenario, {
    packages,
    now: () => clock.ms,
    log: { write: (priority, tag, message) => log.push(`${priority}/${tag}: ${message}`) },
  });
  return { ui, packages, clock, log };
}

/** The built-in `default` scenario's screen model, with `app` opened in front. */
export function defaultDeviceWith(app: string) {
  const device = scenarioDevice(builtinScenario("default"));
  device.ui.openApp(app);
  return device;
}

/** The first node matching, from a fresh snapshot; throws when there is none. */
export function nodeOf(ui: ScenarioUi, matcher: NodeMatcher): UiNode {
  const node = findFirst(ui.snapshot(), matcher);
  if (!node) throw new Error(`no node ${JSON.stringify(matcher)} on ${ui.currentScreenId()}`);
  return node;
}

export const attr = (ui: ScenarioUi, matcher: NodeMatcher, name: string): string | undefined =>
  nodeOf(ui, matcher).attributes[name];

export const texts = (ui: ScenarioUi, matcher: NodeMatcher): string[] =>
  findAll(ui.snapshot(), matcher).map((n) => n.attributes.text ?? "");

/** What the operator does for a click: the matched node's clickable ancestor gets the action. */
export function clickOn(ui: ScenarioUi, matcher: NodeMatcher, kind: "click" | "long_click" = "click"): boolean {
  const index = new HierarchyIndex(ui.snapshot());
  const node = findFirst(index, matcher);
  if (!node) throw new Error(`no node ${JSON.stringify(matcher)} on ${ui.currentScreenId()}`);
  return ui.performClick(index.clickableAncestor(node) ?? node, kind);
}
