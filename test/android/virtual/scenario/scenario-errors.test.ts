import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../../android/virtual/scenario/parse-scenario.ts";
import { ScenarioError } from "../../../../android/virtual/scenario/scenario-error.ts";

const SCREEN =
  '<hierarchy rotation="0"><node class="android.widget.Button" text="Go" clickable="true" ' +
  'package="com.example" bounds="[0,0][100,50]" /></hierarchy>';

/** A scenario source as a test edits it: any key may be set, including ones the schema refuses. */
interface Source {
  apps: Record<string, unknown>[];
  screens: { main: Record<string, unknown>; next: Record<string, unknown> };
  [key: string]: unknown;
}

function base(): Source {
  return {
    apps: [{ package: "com.example", label: "Example", launchScreen: "main" }],
    home: "main",
    screens: { main: { hierarchy_xml: SCREEN }, next: { hierarchy_xml: SCREEN } },
  };
}

function issuesOf(source: unknown): Array<{ path: string; message: string }> {
  try {
    parseScenario(source, { origin: "/tmp/s.yaml", defaultName: "s" });
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).message).toContain("invalid scenario /tmp/s.yaml:");
    return [...(error as ScenarioError).issues];
  }
  throw new Error("the scenario was accepted");
}

describe("scenario validation", () => {
  it("accepts a minimal scenario and fills the defaults", () => {
    const scenario = parseScenario(base(), { origin: "x", defaultName: "s" });
    expect(scenario.name).toBe("s");
    expect(scenario.device.screen).toEqual({ width: 1080, height: 2400, density: 420 });
    expect(scenario.screens.main!.package).toBe("com.example");
    expect(scenario.refusedGlobalActions).toEqual([]);
  });

  it("names unknown keys by their path", () => {
    const source = base();
    source.screens.main.transitons = [];
    source.device = { modle: "x" };
    expect(issuesOf(source)).toEqual(
      expect.arrayContaining([
        { path: "screens.main.transitons", message: "is not a known key" },
        { path: "device.modle", message: "is not a known key" },
      ]),
    );
  });

  it("names a transition to a screen that does not exist, with a suggestion", () => {
    const source = base();
    source.screens.main.transitions = [{ click: { textEquals: "Go" }, to: "nxt" }];
    expect(issuesOf(source)).toEqual([
      { path: "screens.main.transitions.0.to", message: 'unknown screen "nxt" (did you mean "next"?)' },
    ]);
  });

  it("names bad matchers: empty, unknown field, or one that matches nothing", () => {
    const source = base();
    source.screens.main.transitions = [
      { click: {}, to: "next" },
      { click: { textEqual: "Go" }, to: "next" },
    ];
    const issues = issuesOf(source);
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(["screens.main.transitions.0.click", "screens.main.transitions.1.click.textEqual"]),
    );
    expect(issues.find((i) => i.path === "screens.main.transitions.0.click")?.message).toMatch(
      /needs at least one non-empty field/,
    );

    const nothing = base();
    nothing.screens.main.transitions = [{ longClick: { textEquals: "Stop" }, to: "next" }];
    expect(issuesOf(nothing)).toEqual([
      { path: "screens.main.transitions.0.longClick", message: "matches no node of the screen" },
    ]);
  });

  it("names a screen without a hierarchy source, or with two", () => {
    const source = base();
    source.screens.main = {};
    source.screens.next = { hierarchy_xml: SCREEN, file: "next.xml" };
    expect(issuesOf(source)).toEqual(
      expect.arrayContaining([
        { path: "screens.main", message: "needs hierarchy source: one of hierarchy_xml, file" },
        { path: "screens.next", message: "has more than one hierarchy source (hierarchy_xml, file); keep one" },
      ]),
    );
  });

  it("names XML that does not parse, and file references in a scenario with no file", () => {
    const source = base();
    source.screens.main.hierarchy_xml = "<hierarchy><node></hierarchy>";
    source.screens.next = { file: "next.xml" };
    const issues = issuesOf(source);
    expect(issues.map((i) => i.path)).toEqual(["screens.main.hierarchy_xml", "screens.next.file"]);
    expect(issues[0]!.message).toMatch(/invalid hierarchy XML/);
  });

  it("names bad references between parts: apps, home, uris, scroll containers, values", () => {
    const source = base();
    source.apps.push({ package: "com.example", label: "Again", launchScreen: "mian" });
    source.home = "launcher";
    source.uris = [
      { prefix: "x://", to: "nowhere" },
      { pattern: "(", to: "main" },
    ];
    source.screens.main.scroll = [{ container: { textEquals: "Go" }, pages: ["<node text='b' />"] }];
    const issues = issuesOf(source);
    expect(issues.map((i) => i.path)).toEqual(["uris.1.pattern"]);
    source.uris = [{ prefix: "x://", to: "nowhere" }];
    source.screens.main.values = [{ node: { textEquals: "Temp" }, sine: { base: 1, amplitude: 1, periodMs: 10 } }];
    expect(issuesOf(source).map((i) => i.path)).toEqual([
      "apps.1.package",
      "apps.1.launchScreen",
      "home",
      "uris.0.to",
      "screens.main.scroll.0.container",
      "screens.main.values.0.node",
    ]);
  });

  it("names transitions with no trigger or two targets, and values without a rule", () => {
    const source = base();
    source.screens.main.transitions = [
      { to: "next" },
      { click: { textEquals: "Go" }, to: "next", launch: "com.example" },
    ];
    source.screens.main.values = [{ node: { textEquals: "Go" }, values: ["a"] }];
    expect(issuesOf(source)).toEqual(
      expect.arrayContaining([
        { path: "screens.main.transitions.0", message: "needs trigger: one of click, longClick, submit, back" },
        { path: "screens.main.transitions.1", message: "has more than one target (to, launch); keep one" },
        { path: "screens.main.values.0.everyMs", message: "is required with values" },
      ]),
    );
  });
});
