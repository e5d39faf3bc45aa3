import { describe, expect, it } from "vitest";
import {
  boundsOf,
  center,
  findAll,
  HierarchyIndex,
  parseHierarchy,
  type MatcherFields,
  type UiNode,
} from "../../../android/hierarchy/index.ts";
import { clickMatcher, uniqueMatcher } from "../../../android/hierarchy/unique-matcher.ts";
import { FIXTURES, loadFixture } from "./fixtures.ts";

const screen = (nodes: string) =>
  new HierarchyIndex(
    parseHierarchy(`<hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][100,100]">
    ${nodes}</node></hierarchy>`),
  );
const node = (index: HierarchyIndex, bounds: string) => index.nodes.find((n) => n.attributes.bounds === bounds)!;
const matcherOf = (index: HierarchyIndex, bounds: string) => {
  const target = uniqueMatcher(index, node(index, bounds));
  return target.kind === "matcher" ? target.matcher : target;
};

describe("uniqueMatcher prefers the most stable field that is unique", () => {
  it("resource-id, then text, then content-desc, then combinations", () => {
    const index = screen(`
      <node class="android.widget.Button" resource-id="a:id/ok" text="OK" content-desc="Confirm" clickable="true" bounds="[0,0][10,10]" />
      <node class="android.widget.Button" resource-id="a:id/row" text="Open" content-desc="Open file" clickable="true" bounds="[0,10][10,20]" />
      <node class="android.widget.Button" resource-id="a:id/row" text="Save" content-desc="Save file" clickable="true" bounds="[0,20][10,30]" />
      <node class="android.widget.Button" resource-id="a:id/row" text="Save" content-desc="Save copy" clickable="true" bounds="[0,30][10,40]" />
      <node class="android.widget.Button" resource-id="a:id/other" text="Save" content-desc="Save copy" clickable="true" bounds="[0,40][10,50]" />`);
    expect(matcherOf(index, "[0,0][10,10]")).toEqual({ resourceId: "a:id/ok" });
    expect(matcherOf(index, "[0,10][10,20]")).toEqual({ textEquals: "Open" });
    expect(matcherOf(index, "[0,20][10,30]")).toEqual({ contentDescEquals: "Save file" });
    expect(matcherOf(index, "[0,30][10,40]")).toEqual({ resourceId: "a:id/row", contentDescEquals: "Save copy" });
    expect(matcherOf(index, "[0,40][10,50]")).toEqual({ resourceId: "a:id/other" });
  });

  it("a content-desc behind a blank text is matched as content-desc, the narrower field", () => {
    const index = screen(`
      <node class="android.view.View" text=" " content-desc="Send" clickable="true" bounds="[0,0][10,10]" />
      <node class="android.widget.TextView" text="Send" bounds="[0,10][10,20]" />`);
    expect(matcherOf(index, "[0,0][10,10]")).toEqual({ contentDescEquals: "Send" });
  });

  it("uses a role only where the APK and the project infer the same one, and no other node may have it", () => {
    const index = screen(`
      <node class="android.widget.Button" text="OK" clickable="true" bounds="[0,0][10,10]" />
      <node class="android.widget.TextView" text="OK" bounds="[0,10][10,20]" />
      <node class="android.widget.EditText" text="" clickable="true" bounds="[0,20][10,30]" />
      <node class="android.view.View" text="Go" clickable="true" bounds="[0,30][10,40]" />
      <node class="android.widget.TextView" text="Go" clickable="true" bounds="[0,40][10,50]" />`);
    // A non-clickable TextView is never a button to the APK.
    expect(matcherOf(index, "[0,0][10,10]")).toEqual({ role: "button", textEquals: "OK" });
    expect(matcherOf(index, "[0,20][10,30]")).toEqual({ role: "textfield" });
    // A generic View is a button to the project, but a list item or a title to a phone that says so: no role.
    expect(matcherOf(index, "[0,30][10,40]")).toEqual({ kind: "coordinate", coordinate: { x: 5, y: 35 } });
  });

  it("falls back to the centre of the bounds when nothing is unique: two identical unlabeled buttons", () => {
    const index = screen(`
      <node class="android.widget.ImageButton" clickable="true" bounds="[0,0][40,20]" />
      <node class="android.widget.ImageButton" clickable="true" bounds="[40,0][81,21]" />`);
    expect(uniqueMatcher(index, node(index, "[0,0][40,20]"))).toEqual({
      kind: "coordinate",
      coordinate: { x: 20, y: 10 },
    });
    expect(uniqueMatcher(index, node(index, "[40,0][81,21]"))).toEqual({
      kind: "coordinate",
      coordinate: { x: 60, y: 10 },
    });
  });

  it("a label longer than a matcher may hold is matched by its first 512 characters, ignoring case", () => {
    const long = "x".repeat(600);
    const index = screen(`
      <node class="android.widget.TextView" text="${long}" bounds="[0,0][10,10]" />
      <node class="android.widget.TextView" text="${"y".repeat(600)}" bounds="[0,10][10,20]" />`);
    expect(matcherOf(index, "[0,0][10,10]")).toEqual({ textContains: "x".repeat(512) });
  });
});

/** Every node the agent view can give a ref: positive bounds on screen. */
const onScreen = (n: UiNode) => {
  const b = boundsOf(n);
  return b.right > b.left && b.bottom > b.top && b.right > 0 && b.bottom > 0;
};

/** The single-field matchers a node offers; a coordinate fallback must have none that is unique. */
const singleFields = (n: UiNode): MatcherFields[] =>
  [
    { resourceId: n.attributes["resource-id"] },
    { textEquals: n.attributes.text },
    { contentDescEquals: n.attributes["content-desc"] },
  ].filter((m) => (Object.values(m)[0] ?? "") !== "");

describe.each(FIXTURES)("uniqueMatcher on %s", (file) => {
  const index = new HierarchyIndex(loadFixture(file));
  const targets = index.nodes.filter(onScreen).map((n) => [n, uniqueMatcher(index, n)] as const);

  it("every matcher selects exactly its node with the APK-semantics matcher code", () => {
    for (const [n, target] of targets) {
      if (target.kind === "matcher") expect(findAll(index, target.matcher)).toEqual([n]);
    }
  });

  it("a coordinate is the centre of a node no single field selects alone", () => {
    for (const [n, target] of targets) {
      if (target.kind !== "coordinate") continue;
      expect(target.coordinate).toEqual(center(boundsOf(n)));
      for (const m of singleFields(n)) expect(findAll(index, m)).not.toEqual([n]);
    }
  });
});

describe("clickMatcher: a unique matcher inside a clickable node whose click the APK hands to it", () => {
  it("an unlabeled Settings row is clicked through its title", () => {
    const index = new HierarchyIndex(loadFixture("settings_main_homepage.xml"));
    const row = findAll(index, { textEquals: "Network & internet" })[0]!;
    const clickable = index.clickableAncestor(row)!;
    expect(uniqueMatcher(index, clickable).kind).toBe("coordinate");
    expect(clickMatcher(index, clickable)).toEqual({ textEquals: "Network & internet" });
  });

  it("skips what a click would not bring to the node, and a node that is not clickable has none", () => {
    const index = screen(`
      <node class="android.widget.LinearLayout" clickable="true" bounds="[0,0][100,20]">
        <node class="android.widget.Button" text="Inner" clickable="true" bounds="[0,0][10,10]" />
        <node class="android.widget.TextView" text="hidden" bounds="[0,0][0,0]" />
        <node class="android.widget.TextView" text="Title" bounds="[10,0][50,10]" />
      </node>
      <node class="android.widget.LinearLayout" clickable="true" bounds="[0,20][100,40]">
        <node class="android.widget.TextView" text="Title" bounds="[10,20][50,30]" />
      </node>
      <node class="android.widget.LinearLayout" bounds="[0,40][100,60]">
        <node class="android.widget.TextView" text="Alone" bounds="[10,40][50,50]" />
      </node>`);
    // "Inner" is clickable itself, "hidden" is off screen, "Title" is on both rows.
    expect(clickMatcher(index, node(index, "[0,0][100,20]"))).toBeUndefined();
    expect(clickMatcher(index, node(index, "[0,40][100,60]"))).toBeUndefined();
  });
});
