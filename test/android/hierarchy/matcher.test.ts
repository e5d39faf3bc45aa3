import { describe, expect, it } from "vitest";
import {
  boundsOf,
  findAll,
  findFirst,
  firstScrollable,
  firstScrollableDescendant,
  HierarchyIndex,
  matchesNode,
  parseHierarchy,
  type UiNode,
} from "../../../android/hierarchy/index.ts";
import { loadFixture } from "./fixtures.ts";

const screen = new HierarchyIndex(
  parseHierarchy(`<hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][100,100]">
    <node class="android.widget.EditText" resource-id="app:id/q" text="" clickable="true" bounds="[0,0][100,10]" />
    <node class="android.widget.Button" text="Search" content-desc="Search button" clickable="true" bounds="[0,10][50,20]" />
    <node class="android.widget.TextView" text="Search history" bounds="[50,10][100,20]" />
    <node class="android.widget.Switch" text="Dark mode" checkable="true" checked="false" clickable="true" bounds="[0,20][100,30]" />
    <node class="android.widget.FrameLayout" resource-id="app:id/wrapper" bounds="[0,30][100,100]">
      <node class="androidx.recyclerview.widget.RecyclerView" resource-id="app:id/list" scrollable="true" bounds="[0,30][100,100]">
        <node class="android.widget.LinearLayout" resource-id="app:id/row" clickable="true" bounds="[0,30][100,40]">
          <node class="android.widget.LinearLayout" bounds="[0,30][100,40]"><node class="android.widget.TextView" text="Row one" bounds="[0,30][100,40]" /></node>
        </node>
      </node>
    </node>
  </node></hierarchy>`),
);
const label = (node: UiNode | undefined) => node && (node.attributes["resource-id"] || node.attributes.text);

describe("matchesNode / findAll / findFirst", () => {
  it.each([
    [{ resourceId: "app:id/q" }, ["app:id/q"]],
    [{ resourceId: "app:id" }, []],
    [{ textEquals: "Search" }, ["Search"]],
    [{ textEquals: "search" }, []],
    [{ textContains: "Search" }, ["Search", "Search history"]],
    [{ textContains: "sEARCH" }, ["Search", "Search history"]],
    [{ textContains: "earch h" }, ["Search history"]],
    [{ contentDescEquals: "Search button" }, ["Search"]],
    [{ contentDescEquals: "Search" }, []],
    [{ contentDescContains: "button" }, ["Search"]],
    [{ contentDescContains: "BUTTON" }, ["Search"]],
    [{ role: "textfield" }, ["app:id/q"]],
    [{ role: "TextField" }, ["app:id/q"]],
    [{ role: "switch" }, ["Dark mode"]],
    [{ role: "listitem" }, ["app:id/row"]],
    [{ role: "text" }, ["Search history", "Row one"]],
    [{ role: "android.widget.Button" }, []],
    [{ role: "button", textContains: "Search" }, ["Search"]],
    [{ resourceId: "app:id/q", role: "textfield", textEquals: "" }, ["app:id/q"]],
  ])("%o finds %o in document order", (matcher, expected) => {
    expect(findAll(screen, matcher).map(label)).toEqual(expected);
    expect(label(findFirst(screen, matcher))).toBe(expected[0]);
  });

  it("is an AND: one failing field rejects the node", () => {
    expect(findAll(screen, { textEquals: "Search", role: "switch" })).toEqual([]);
    expect(findAll(screen, { textEquals: "Search", contentDescContains: "nope" })).toEqual([]);
    expect(findAll(screen, { resourceId: "app:id/q", textContains: "x" })).toEqual([]);
  });

  it('counts "" as a present field, as the APK does; a matcher without any field matches nothing', () => {
    expect(screen.nodes.filter((n) => matchesNode(n, {}, screen))).toEqual([]);
    expect(screen.nodes.filter((n) => matchesNode(n, { textEquals: "", role: "" }, screen))).toEqual([]);
    // An empty label is "": every node without text or content-desc.
    expect(findAll(screen, { textEquals: "" }).map((n) => n.attributes.class)).toEqual([
      "android.widget.FrameLayout",
      "android.widget.EditText",
      "android.widget.FrameLayout",
      "androidx.recyclerview.widget.RecyclerView",
      "android.widget.LinearLayout",
      "android.widget.LinearLayout",
    ]);
    // A dump writes "" for an absent id or description; the APK reads null, which no value equals.
    expect(findAll(screen, { resourceId: "" })).toEqual([]);
    expect(findAll(screen, { contentDescEquals: "" })).toEqual([]);
    expect(findAll(screen, { contentDescContains: "" }).map(label)).toEqual(["Search"]);
    // A node with no inferred role has the APK's role "unknown".
    expect(findAll(screen, { role: "unknown", resourceId: "app:id/wrapper" }).map(label)).toEqual(["app:id/wrapper"]);
  });

  it("accepts a bare hierarchy; without an index, parent-dependent roles are not inferred", () => {
    expect(label(findFirst(screen.hierarchy, { role: "listitem" }))).toBe("app:id/row");
    const row = findFirst(screen, { resourceId: "app:id/row" })!;
    expect(matchesNode(row, { role: "listitem" }, screen)).toBe(true);
    expect(matchesNode(row, { role: "listitem" })).toBe(false);
    expect(matchesNode(row, { resourceId: "app:id/row" })).toBe(true);
  });
});

describe("ancestors, clickable ancestor, scroll containers", () => {
  it("walks up from a label to the row the operator clicks", () => {
    const text = findFirst(screen, { textEquals: "Row one" })!;
    expect(screen.ancestors(text).map((n) => n.attributes["resource-id"] ?? n.attributes.class)).toEqual([
      "android.widget.LinearLayout",
      "app:id/row",
      "app:id/list",
      "app:id/wrapper",
      "android.widget.FrameLayout",
    ]);
    expect(label(screen.clickableAncestor(text))).toBe("app:id/row");
    const button = findFirst(screen, { textEquals: "Search" })!;
    expect(screen.clickableAncestor(button)).toBe(button);
    expect(screen.clickableAncestor(screen.nodes[0]!)).toBeUndefined();
  });

  it('on the real Settings home page, the title "Network & internet" leads to its clickable row', () => {
    const settings = new HierarchyIndex(loadFixture("settings_main_homepage.xml"));
    const title = findFirst(settings, { textEquals: "Network & internet" })!;
    expect(title.attributes.clickable).toBe("false");
    const row = settings.clickableAncestor(title)!;
    expect(row.attributes).toMatchObject({
      class: "android.widget.LinearLayout",
      clickable: "true",
      bounds: "[0,1269][1080,1524]",
    });
    expect(settings.parent(row)!.attributes["resource-id"]).toBe("com.android.settings:id/recycler_view");
    expect(settings.role(row)).toBe("listitem");
    expect(boundsOf(title).top).toBeGreaterThanOrEqual(boundsOf(row).top);
  });

  it("finds the default scroll container and the list inside a wrapper", () => {
    expect(label(firstScrollable(screen))).toBe("app:id/list");
    expect(label(firstScrollable(screen.hierarchy))).toBe("app:id/list");
    const wrapper = findFirst(screen, { resourceId: "app:id/wrapper" })!;
    expect(label(firstScrollableDescendant(wrapper))).toBe("app:id/list");
    expect(firstScrollableDescendant(findFirst(screen, { resourceId: "app:id/list" })!)).toBeUndefined();
    const settings = loadFixture("settings_main_homepage.xml");
    expect(firstScrollable(settings)!.attributes["resource-id"]).toBe(
      "com.android.settings:id/settings_homepage_container",
    );
  });

  it("prefers the shallowest scrollable descendant over an earlier, deeper one", () => {
    const h = new HierarchyIndex(
      parseHierarchy(`<hierarchy rotation="0"><node resource-id="w">
        <node resource-id="bar"><node resource-id="chips" scrollable="true" /></node>
        <node resource-id="list" scrollable="true" />
      </node></hierarchy>`),
    );
    expect(label(firstScrollableDescendant(h.nodes[0]!))).toBe("list");
    expect(label(firstScrollable(h))).toBe("chips");
  });
});

describe("the APK's semantics on real dumps", () => {
  const on = (file: string) => new HierarchyIndex(loadFixture(file));
  const texts = (nodes: UiNode[]) => nodes.map((n) => n.attributes.text || n.attributes["content-desc"]);

  it("…Contains ignores case, also beyond ASCII", () => {
    const settings = on("settings_main_homepage.xml");
    expect(texts(findAll(settings, { textContains: "NETWORK" }))).toEqual([
      "Network & internet",
      "Wi-Fi, SIM card & mobile network, Hotspot & tethering",
    ]);
    const usb = on("settings_usb_alertdialog_vietnamese.xml");
    expect(texts(findAll(usb, { textContains: "hủy" }))).toEqual(["HỦY"]);
    expect(findAll(usb, { textEquals: "hủy" })).toEqual([]);
  });

  it("text fields read the label (content-desc when the text is blank); contentDesc fields read content-desc only", () => {
    const proton = on("protonvpn_home_compose_testtags.xml");
    const details = findAll(proton, { contentDescEquals: "connection details" });
    expect(details.map((n) => n.attributes.class)).toEqual(["android.widget.Button"]);
    expect(findAll(proton, { textEquals: "connection details" })).toEqual(details);
    expect(findAll(proton, { contentDescEquals: "Japan #20" })).toEqual([]);
    const hub = on("familyhub_settings_react_native_landscape_emoji.xml");
    // The row's description is its children's texts joined by React Native (and an icon glyph at the end).
    const row = "📅, Calendar Subscriptions, Browse and manage Google Calendar subscriptions, ";
    expect(
      texts(findAll(hub, { contentDescContains: "calendar subscriptions" })).map((t) => t?.slice(0, row.length)),
    ).toEqual([row]);
    expect(texts(findAll(hub, { textContains: "calendar subscriptions" })).map((t) => t?.slice(0, row.length))).toEqual(
      [row, "Calendar Subscriptions", "Browse and manage Google Calendar subscriptions"],
    );
  });
});
