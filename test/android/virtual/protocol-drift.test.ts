import { describe, expect, it } from "vitest";
import { OPERATOR_PACKAGES, RESULT_PREFIX } from "../../../core/contracts/index.ts";
import * as host from "../../../android/hierarchy/index.ts";
import { DEFAULT_OPERATOR_ACTION } from "../../../android/operator/dispatch-script.ts";
import {
  ACCESSIBILITY_SERVICE_CLASS,
  NOTIFICATION_LISTENER_CLASS,
  OPERATOR_MAIN_ACTIVITY,
  POST_NOTIFICATIONS,
} from "../../../android/operator/operator-components.ts";
import { OPERATOR_REFERENCE_RELEASE } from "../../../android/operator/protocol-line.ts";
import * as apk from "../../../android/virtual/protocol/operator-apk-facts.ts";
import * as virtual from "../../../android/virtual/tree/index.ts";
import { FIXTURES, readFixture } from "../hierarchy/fixtures.ts";

// The virtual device keeps its own copy of the APK's behaviour, so that it checks the host instead of repeating it.
// Both copies claim the same documented facts (docs/protocol.md); these tests fail when one of them changes alone.

describe("the virtual device's Operator facts and the host's", () => {
  it("name the same packages, broadcast action, components and permission", () => {
    expect(apk.APK_PACKAGES).toEqual(OPERATOR_PACKAGES);
    expect(apk.APK_COMMAND_ACTION).toBe(DEFAULT_OPERATOR_ACTION);
    expect(apk.APK_ACCESSIBILITY_SERVICE).toBe(ACCESSIBILITY_SERVICE_CLASS);
    expect(apk.APK_NOTIFICATION_LISTENER).toBe(NOTIFICATION_LISTENER_CLASS);
    expect(apk.APK_MAIN_ACTIVITY).toBe(OPERATOR_MAIN_ACTIVITY);
    expect(apk.APK_POST_NOTIFICATIONS).toBe(POST_NOTIFICATIONS);
  });

  it("read the envelope after the same prefix and report the same reference release", () => {
    expect(apk.APK_RESULT_PREFIX).toBe(RESULT_PREFIX);
    expect(apk.APK_REFERENCE_RELEASE).toEqual(OPERATOR_REFERENCE_RELEASE);
  });

  it("are the documented values", () => {
    expect(apk.APK_COMMAND_ACTION).toBe("app.clawperator.operator.ACTION_AGENT_COMMAND");
    expect(`${apk.APK_PACKAGES.release}/${apk.APK_ACCESSIBILITY_SERVICE}`).toBe(
      "com.clawperator.operator/clawperator.operator.accessibilityservice.OperatorAccessibilityService",
    );
    expect(apk.APK_RESULT_PREFIX).toBe("[Clawperator-Result] ");
    expect(apk.APK_HIERARCHY_MARKER).toBe("[TaskScope] UI Hierarchy:");
  });
});

type Tree = typeof virtual | typeof host;
const sides: ReadonlyArray<readonly [string, Tree]> = [
  ["virtual", virtual],
  ["host", host],
];

const n = (attributes: Record<string, string>, ...children: virtual.UiNode[]): virtual.UiNode => ({
  attributes,
  children,
});
const one = (node: virtual.UiNode): virtual.UiHierarchy => ({ rotation: "0", attributes: {}, windows: [node] });

describe.each(sides)("the documented NodeMatcher semantics (%s side)", (_, tree) => {
  const matches = (node: virtual.UiNode, matcher: virtual.MatcherFields) => tree.matchesNode(node, matcher);

  it("text fields read the label: the text, or the content-desc when the text is blank", () => {
    const blank = n({ text: " ", "content-desc": "Search" });
    expect(matches(blank, { textEquals: "Search" })).toBe(true);
    expect(matches(n({ text: "Go", "content-desc": "Search" }), { textEquals: "Search" })).toBe(false);
    expect(matches(n({ text: "Go", "content-desc": "Search" }), { contentDescEquals: "Search" })).toBe(true);
  });

  it("…Equals and resourceId compare exactly, …Contains ignores case, role ignores case", () => {
    const ok = n({ text: "Wi-Fi", "resource-id": "android:id/title", class: "android.widget.Button" });
    expect(matches(ok, { textEquals: "wi-fi" })).toBe(false);
    expect(matches(ok, { textContains: "WI-F" })).toBe(true);
    expect(matches(ok, { resourceId: "android:id/TITLE" })).toBe(false);
    expect(matches(ok, { role: "BUTTON" })).toBe(true);
    expect(matches(n({ class: "android.widget.FrameLayout" }), { role: "unknown" })).toBe(true);
  });

  it("every given field must hold; an empty string is given; no field matches nothing", () => {
    const ok = n({ text: "OK", "resource-id": "app:id/ok" });
    expect(matches(ok, { textEquals: "OK", resourceId: "app:id/cancel" })).toBe(false);
    expect(matches(ok, { textContains: "" })).toBe(true);
    expect(matches(ok, { contentDescContains: "" })).toBe(false);
    expect(matches(ok, {})).toBe(false);
  });

  it("the first match in document order wins", () => {
    const first = n({ text: "Row one" });
    const screen = one(n({ class: "android.widget.LinearLayout" }, n({}, first), n({ text: "Row two" })));
    expect(tree.findFirst(screen, { textContains: "row" })).toBe(first);
  });
});

/** Matchers a screen's nodes suggest: each label, id, description and role, exact and in another case. */
function matchersFor(hierarchy: virtual.UiHierarchy): virtual.MatcherFields[] {
  const index = new virtual.HierarchyIndex(hierarchy);
  const out: virtual.MatcherFields[] = [{ role: "unknown" }, { textContains: "" }];
  for (const node of index.nodes.slice(0, 60)) {
    const label = virtual.labelOf(node);
    const { "resource-id": id, "content-desc": desc } = node.attributes;
    if (label) out.push({ textEquals: label }, { textContains: label.slice(1, 4).toUpperCase() });
    if (id) out.push({ resourceId: id }, { resourceId: id, textEquals: label });
    if (desc) out.push({ contentDescEquals: desc }, { contentDescContains: desc.slice(0, 3).toLowerCase() });
    const role = index.role(node);
    if (role) out.push({ role: role.toUpperCase() });
  }
  return out;
}

describe("the virtual device and the host read real dumps alike", () => {
  it.each(FIXTURES)("%s: the same tree, the same dump, the same roles and the same matches", (name) => {
    const xml = readFixture(name);
    let ours: virtual.UiHierarchy;
    try {
      ours = virtual.parseHierarchy(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(virtual.HierarchyParseError);
      expect(() => host.parseHierarchy(xml)).toThrow(host.HierarchyParseError);
      return;
    }
    expect(ours).toEqual(host.parseHierarchy(xml));
    expect(virtual.serializeHierarchy(ours)).toBe(host.serializeHierarchy(ours));

    const a = new virtual.HierarchyIndex(ours);
    const b = new host.HierarchyIndex(ours);
    expect(a.nodes).toEqual(b.nodes);
    expect(a.nodes.map((node) => a.role(node))).toEqual(b.nodes.map((node) => b.role(node)));
    expect(a.nodes.map((node) => a.clickableAncestor(node))).toEqual(b.nodes.map((node) => b.clickableAncestor(node)));
    expect(a.firstScrollable()).toBe(b.firstScrollable());
    expect(a.nodes.map(virtual.firstScrollableDescendant)).toEqual(b.nodes.map(host.firstScrollableDescendant));
    expect(a.nodes.map(virtual.boundsOf)).toEqual(b.nodes.map(host.boundsOf));

    for (const matcher of matchersFor(ours)) {
      const indices = (found: virtual.UiNode[]) => found.map((node) => a.nodes.indexOf(node));
      expect([matcher, indices(virtual.findAll(a, matcher))]).toEqual([matcher, indices(host.findAll(b, matcher))]);
    }
  });
});
