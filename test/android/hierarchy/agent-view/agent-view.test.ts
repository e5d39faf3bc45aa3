import { describe, expect, it } from "vitest";
import { buildAgentView, displayBox } from "../../../../android/hierarchy/agent-view/index.ts";
import { literal } from "../../../../android/hierarchy/agent-view/text.ts";
import {
  boundsOf,
  contains,
  findAll,
  formatBounds,
  HierarchyIndex,
  parseHierarchy,
  type UiHierarchy,
  type UiNode,
} from "../../../../android/hierarchy/index.ts";
import { FIXTURES, loadFixture } from "../fixtures.ts";

/** mobile-mcp 1.0.4's mobile_list_elements_on_screen on the same screens, in chars. */
const PEER: Readonly<Record<string, number>> = {
  "compose_chat_entities_single_quoted_attrs.xml": 7647,
  "familyhub_settings_react_native_landscape_emoji.xml": 3109,
  "futu_trader_position_history_recyclerview_cjk.xml": 15270,
  "jukandian_article_webview_cjk_504nodes.xml": 2305,
  "permissioncontroller_location_prompt.xml": 1656,
  "protonvpn_home_compose_testtags.xml": 1489,
  "settings_main_homepage.xml": 4360,
  "settings_usb_alertdialog_vietnamese.xml": 1116,
  "twitter_search_devtty_trailer_malformed.xml": 3101,
};

const ACTIONABLE = ["clickable", "long-clickable", "scrollable", "checkable"];
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

describe.each(FIXTURES)("the agent view of %s", (file) => {
  const index = new HierarchyIndex(loadFixture(file));
  const view = buildAgentView(index, "snapshot-1");
  const flat = oneLine(view.outline);
  // What a person sees: a box of positive size that intersects the display (rotation-aware).
  const display = displayBox(index.hierarchy);
  const onScreen = index.nodes.filter((n) => {
    const b = boundsOf(n);
    return (
      b.right > b.left &&
      b.bottom > b.top &&
      b.left < display.right &&
      b.right > display.left &&
      b.top < display.bottom &&
      b.bottom > display.top
    );
  });

  it("is the pinned golden view", async () => {
    await expect(`${view.outline}\n`).toMatchFileSnapshot(
      `../../../fixtures/agent-view/${file.replace(".xml", ".txt")}`,
    );
  });

  it("loses no visible label: each shows on a line as it is (escaped), up to where long texts are cut", () => {
    for (const node of onScreen) {
      for (const label of [node.attributes.text, node.attributes["content-desc"]]) {
        if (oneLine(label ?? "") === "") continue;
        const shown = literal(Array.from(label!).slice(0, 80).join("")).slice(1, -1);
        const covered = flat.includes(oneLine(label!));
        expect(view.outline.includes(shown) || covered, `${file}: ${JSON.stringify(label)}`).toBe(true);
      }
    }
  });

  it("gives every actionable node on screen a ref with its bounds", () => {
    const refBounds = new Set(Object.values(view.refs).map((r) => r.bounds));
    for (const node of onScreen) {
      const acts = ACTIONABLE.some((a) => node.attributes[a] === "true") || index.role(node) === "textfield";
      if (acts) expect(refBounds, `${file}: ${node.attributes.bounds}`).toContain(node.attributes.bounds);
    }
    expect(view.outline.match(/\[ref=e\d+\]/g)?.length).toBe(Object.keys(view.refs).length);
  });

  it("resolves every ref: its matcher selects exactly its node, or it is a coordinate ref inside its bounds", () => {
    for (const [ref, entry] of Object.entries(view.refs)) {
      if (entry.unique) {
        const hits = findAll(index, entry.matcher!);
        expect(hits, `${file} ${ref}`).toHaveLength(1);
        expect(hits[0]!.attributes.bounds).toBe(entry.bounds);
        continue;
      }
      expect(entry.matcher).toBeUndefined();
      const { x, y } = entry.coordinate!;
      expect(contains(boundsOf({ attributes: { bounds: entry.bounds }, children: [] }), x, y)).toBe(true);
      if (entry.clickMatcher) {
        const [inner, ...more] = findAll(index, entry.clickMatcher);
        expect(more).toEqual([]);
        expect(index.clickableAncestor(inner!)!.attributes.bounds).toBe(entry.bounds);
      }
    }
  });

  it("is at most half the size of the peer's element list", () => {
    expect(view.outline.length).toBeLessThanOrEqual(PEER[file]! / 2);
  });
});

const screen = (xml: string) => parseHierarchy(`<hierarchy rotation="0">${xml}</hierarchy>`);

describe("the outline", () => {
  it("folds wrappers, writes the texts of an unlabeled row on the row's line, and names what has only an id", () => {
    const view = buildAgentView(
      screen(`<node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][100,100]">
        <node class="android.widget.LinearLayout" bounds="[0,0][100,100]">
          <node class="android.widget.LinearLayout" clickable="true" bounds="[0,0][100,20]">
            <node class="android.widget.TextView" text="Wi-Fi" bounds="[0,0][100,10]" />
            <node class="android.widget.TextView" text="Connected" bounds="[0,10][100,20]" />
          </node>
          <node class="android.widget.ImageButton" resource-id="com.example:id/share" clickable="true" bounds="[0,20][10,30]" />
          <node class="android.widget.TextView" text="gone" bounds="[0,0][0,0]" />
        </node></node>`),
      "v1",
    );
    expect(view.outline).toBe(['button "Wi-Fi" "Connected" [ref=e1]', "button #share [ref=e2]"].join("\n"));
    expect(view.package).toBe("com.example");
    expect(view.id).toBe("v1");
  });

  it("shows states only when true, an editable field's value, and cuts long texts saying how much", () => {
    const long = `${"word ".repeat(30)}end`;
    const view = buildAgentView(
      screen(`<node class="android.widget.FrameLayout" bounds="[0,0][100,100]">
        <node class="android.widget.Switch" text="Dark theme" checkable="true" checked="true" clickable="true" bounds="[0,0][100,10]" />
        <node class="android.widget.CheckBox" text="Sync" checkable="true" checked="false" clickable="true" enabled="false" bounds="[0,10][100,20]" />
        <node class="android.widget.EditText" text="hunter" hint="Search" clickable="true" focused="true" bounds="[0,20][100,30]" />
        <node class="android.widget.TextView" text="${long}" bounds="[0,30][100,40]" />
      </node>`),
      "v1",
    );
    expect(view.outline.split("\n")).toEqual([
      'switch "Dark theme" checked [ref=e1]',
      'checkbox "Sync" disabled [ref=e2]',
      'textfield "Search" value="hunter" focused [ref=e3]',
      `text "${long.slice(0, 80)}…(+${long.length - 80} chars)"`,
    ]);
  });

  it("heads each window with its package when a screen has several (a dialog over an app)", () => {
    const view = buildAgentView(
      screen(`<node class="android.widget.FrameLayout" package="com.app" bounds="[0,0][100,100]">
          <node class="android.widget.TextView" text="Inbox" bounds="[0,0][100,10]" /></node>
        <node class="android.widget.FrameLayout" package="com.android.systemui" bounds="[10,40][90,60]">
          <node class="android.widget.Button" text="Allow" clickable="true" bounds="[10,40][90,60]" /></node>`),
      "v1",
    );
    expect(view.outline.split("\n")).toEqual([
      "window com.app",
      '  text "Inbox"',
      "window com.android.systemui",
      '  button "Allow" [ref=e1]',
    ]);
    expect(view.windows).toEqual([
      { package: "com.app", bounds: "[0,0][100,100]" },
      { package: "com.android.systemui", bounds: "[10,40][90,60]" },
    ]);
  });
});

/** Every node's bounds moved by `dx` (a window animating in from the side). */
const shifted = (node: UiNode, dx: number): UiNode => {
  const b = boundsOf(node);
  return {
    ...node,
    attributes: { ...node.attributes, bounds: formatBounds({ ...b, left: b.left + dx, right: b.right + dx }) },
    children: node.children.map((c) => shifted(c, dx)),
  };
};
const labels = (outline: string) => outline.match(/"(?:[^"\\]|\\.)*"/g) ?? [];

describe.each(FIXTURES)("the view of %s while a window lies off the display", (file) => {
  const hierarchy = loadFixture(file);
  const display = displayBox(hierarchy);
  const natural =
    hierarchy.rotation === "1" || hierarchy.rotation === "3"
      ? { width: display.bottom, height: display.right }
      : { width: display.right, height: display.bottom };
  const settled = buildAgentView(hierarchy, "v1", { display: natural });

  it("keeps every label when the window's root is off screen but its children draw on it", () => {
    const [root, ...rest] = hierarchy.windows;
    const b = boundsOf(root!);
    // As a page sliding in reports it: the root at [-width+1,0][1,height], the children where they draw.
    const sliding: UiHierarchy = {
      ...hierarchy,
      windows: [
        {
          ...root!,
          attributes: { ...root!.attributes, bounds: formatBounds({ ...b, left: -display.right + 1, right: 1 }) },
        },
        ...rest,
      ],
    };
    const view = buildAgentView(sliding, "v1", { display: natural });
    expect(view.outline).not.toBe("");
    expect(labels(view.outline)).toEqual(labels(settled.outline));
  });

  it("names a window wholly off screen on the first line; with nothing on the display, says so and how many nodes", () => {
    const away: UiHierarchy = { ...hierarchy, windows: hierarchy.windows.map((w) => shifted(w, 2 * display.right)) };
    const view = buildAgentView(away, "v1", { display: natural });
    const [first] = view.outline.split("\n");
    expect(first).toMatch(/^offscreen window: /);
    expect(view.outline).toMatch(/nothing on the display: the \d+ nodes of this screen all lie outside it/);
    expect(view.outline).toMatch(/observe again/);
    expect(Object.keys(view.refs)).toEqual([]);
  });
});
