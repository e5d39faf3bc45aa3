import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boundsOf, findAll, findFirst, HierarchyIndex, matchesNode, parseHierarchy } from "../../../android/hierarchy/index.ts";

const settings = new HierarchyIndex(parseHierarchy(readFileSync(join(import.meta.dirname, "../../fixtures/hierarchy/settings_main_homepage.xml"), "utf8")));
const xml = (body: string) => new HierarchyIndex(parseHierarchy(`<hierarchy rotation="0">${body}</hierarchy>`));

describe("NodeMatcher evaluation", () => {
  const screen = xml(`<node class="android.widget.FrameLayout" bounds="[0,0][100,100]">
    <node class="android.widget.EditText" resource-id="app:id/q" text="" clickable="true" bounds="[0,0][100,10]" />
    <node class="android.widget.Button" text="Search" content-desc="Search button" clickable="true" bounds="[0,10][50,20]" />
    <node class="android.widget.Switch" text="Dark mode" checkable="true" checked="false" clickable="true" bounds="[0,20][100,30]" />
    <node class="androidx.recyclerview.widget.RecyclerView" scrollable="true" bounds="[0,30][100,100]">
      <node class="android.widget.LinearLayout" clickable="true" bounds="[0,30][100,40]"><node class="android.widget.TextView" text="Row one" bounds="[0,30][100,40]" /></node>
    </node>
  </node>`);

  it.each([
    [{ resourceId: "app:id/q" }, "app:id/q"],
    [{ textEquals: "Search" }, "Search"],
    [{ textContains: "ear" }, "Search"],
    [{ contentDescEquals: "Search button" }, "Search"],
    [{ contentDescContains: "button" }, "Search"],
    [{ role: "textfield" }, "app:id/q"],
    [{ role: "switch" }, "Dark mode"],
    [{ role: "listitem" }, ""],
    [{ role: "text" }, "Row one"],
    [{ role: "button", textEquals: "Search" }, "Search"],
  ])("%o matches", (matcher, label) => {
    const node = findFirst(screen, matcher)!;
    expect(node).toBeDefined();
    expect(node.attributes["resource-id"] || node.attributes.text || "").toBe(label);
  });

  it("is an AND: every given field must match", () => {
    expect(findAll(screen, { textEquals: "Search", role: "switch" })).toEqual([]);
    expect(findAll(screen, { textEquals: "Search", contentDescContains: "nope" })).toEqual([]);
  });

  it("a matcher without a non-empty field matches nothing", () => {
    expect(screen.nodes.some((n) => matchesNode(n, {}, screen))).toBe(false);
    expect(screen.nodes.some((n) => matchesNode(n, { textEquals: "" }, screen))).toBe(false);
  });

  it("walks up to the first clickable ancestor, as the operator clicks", () => {
    const label = findFirst(screen, { textEquals: "Row one" })!;
    expect(screen.clickableAncestor(label)!.attributes.class).toBe("android.widget.LinearLayout");
  });

  it("on the real Settings dump, a row title leads to its clickable row", () => {
    const title = findFirst(settings, { textContains: "Network" })!;
    const row = settings.clickableAncestor(title)!;
    expect(row).not.toBe(title);
    const r = boundsOf(row);
    const t = boundsOf(title);
    expect(t.left >= r.left && t.right <= r.right && t.top >= r.top && t.bottom <= r.bottom).toBe(true);
    expect(settings.firstScrollable()!.attributes["resource-id"]).toBe("com.android.settings:id/settings_homepage_container");
  });
});
