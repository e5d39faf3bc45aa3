import { nearest } from "../../../core/contracts/nearest.ts";
import type { NodeMatcher } from "../../../core/contracts/matcher.ts";
import { findFirst, isScrollable, type UiHierarchy, type UiNode } from "../tree/index.ts";
import type { IssueList } from "./scenario-error.ts";
import type { Scenario, ScreenSpec } from "./scenario-types.ts";

const hierarchyOf = (windows: UiNode[]): UiHierarchy => ({ rotation: "0", attributes: {}, windows });

/** Nodes a matcher may name: the screen's own, and those of every scroll page. */
function matchesSomewhere(screen: ScreenSpec, matcher: NodeMatcher): boolean {
  if (findFirst(screen.hierarchy, matcher)) return true;
  return screen.scrollers.some((s) => s.pages.some((page) => findFirst(hierarchyOf(page), matcher) !== undefined));
}

/** Every id one part of a scenario uses for another must exist, and every matcher must name a node. */
export function checkReferences(scenario: Scenario, issues: IssueList): void {
  const screenIds = Object.keys(scenario.screens);
  const apps = new Map(scenario.apps.map((app) => [app.package, app]));
  const unknownScreen = (id: string) => {
    const suggestion = nearest(id, screenIds);
    return `unknown screen "${id}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`;
  };
  const checkScreen = (path: Array<string | number>, id: string) => {
    if (!(id in scenario.screens)) issues.add(path, unknownScreen(id));
  };

  scenario.apps.forEach((app, i) => {
    const first = scenario.apps.findIndex((other) => other.package === app.package);
    if (first !== i) issues.add(["apps", i, "package"], `duplicate package "${app.package}" (also apps.${first})`);
    if (app.launchScreen !== undefined) checkScreen(["apps", i, "launchScreen"], app.launchScreen);
  });
  checkScreen(["home"], scenario.home);
  scenario.uris.forEach((route, i) => {
    checkScreen(["uris", i, "to"], route.screen);
  });

  for (const screen of Object.values(scenario.screens)) {
    const path = ["screens", screen.id];
    if (screen.package && !apps.has(screen.package))
      issues.add([...path, "package"], `"${screen.package}" is not one of the apps`);
    screen.transitions.forEach((t, i) => {
      const at = [...path, "transitions", i];
      if (t.trigger.kind !== "back" && !matchesSomewhere(screen, t.trigger.matcher)) {
        issues.add(
          [...at, t.trigger.kind === "long_click" ? "longClick" : t.trigger.kind],
          "matches no node of the screen",
        );
      }
      if (t.target.kind === "screen") checkScreen([...at, "to"], t.target.screen);
      if (t.target.kind === "launch") {
        const app = apps.get(t.target.package);
        if (!app) issues.add([...at, "launch"], `"${t.target.package}" is not one of the apps`);
        else if (app.launchScreen === undefined)
          issues.add([...at, "launch"], `app "${app.package}" has no launchScreen`);
      }
    });
    screen.scrollers.forEach((s, i) => {
      const container = findFirst(screen.hierarchy, s.container);
      if (!container) issues.add([...path, "scroll", i, "container"], "matches no node of the screen");
      else if (!isScrollable(container))
        issues.add([...path, "scroll", i, "container"], 'matches a node that is not scrollable="true"');
    });
    screen.values.forEach((v, i) => {
      if (!matchesSomewhere(screen, v.node))
        issues.add([...path, "values", i, "node"], "matches no node of the screen");
      if (v.rule.kind !== "mirror") return;
      const source = scenario.screens[v.rule.screen];
      if (!source) checkScreen([...path, "values", i, "mirror", "screen"], v.rule.screen);
      else if (!matchesSomewhere(source, v.rule.field))
        issues.add([...path, "values", i, "mirror", "field"], `matches no node of screen "${source.id}"`);
    });
    if (screen.after) {
      checkScreen([...path, "after", "to"], screen.after.to);
      if (screen.after.to === screen.id)
        issues.add([...path, "after", "to"], "names the screen itself; a screen cannot move on to itself");
      else if (screen.after.to in scenario.screens && scenario.screens[screen.after.to]!.package !== screen.package) {
        issues.add(
          [...path, "after", "to"],
          `is a screen of "${scenario.screens[screen.after.to]!.package}"; a screen moves on within its own ` +
            `app ("${screen.package}")`,
        );
      }
    }
    screen.editable.forEach((m, i) => {
      if (!matchesSomewhere(screen, m)) issues.add([...path, "editable", i], "matches no node of the screen");
    });
  }
}
