import { describe, expect, it } from "vitest";
import { buildAgentView } from "../../../android/hierarchy/agent-view/index.ts";
import { findAll, HierarchyIndex, parseHierarchy, type UiNode } from "../../../android/hierarchy/index.ts";
import { nodeTargets } from "../../../plugins/inspector/screen/node-targets.ts";
import { FIXTURES, NODE_COUNTS, readFixture } from "../../android/hierarchy/fixtures.ts";

function* documentOrder(nodes: readonly UiNode[]): Generator<UiNode> {
  for (const node of nodes) {
    yield node;
    yield* documentOrder(node.children);
  }
}

describe.each(FIXTURES)("POST /observe/matchers' node targets on %s", (file) => {
  const xml = readFixture(file);
  const index = new HierarchyIndex(parseHierarchy(xml));
  const nodes = [...documentOrder(index.hierarchy.windows)];
  const view = buildAgentView(index, "v1");
  const { nodes: targets, refsMatch } = nodeTargets(xml, view);

  it("one target per <node>, in document order, each matcher selecting exactly its node", () => {
    expect(targets).toHaveLength(NODE_COUNTS[file]!);
    for (const [i, target] of targets.entries()) {
      if (target.matcher) expect(findAll(index, target.matcher)).toEqual([nodes[i]]);
      else expect(target.coordinate).toBeDefined();
    }
  });

  it("every ref of the view of the same screen on exactly one node, with that ref's bounds", () => {
    expect(refsMatch).toBe(true);
    const refs = targets.flatMap((t, i) => (t.ref ? [[t.ref, nodes[i]!.attributes.bounds] as const] : []));
    expect(refs.map(([ref]) => ref).sort()).toEqual(Object.keys(view.refs).sort());
    for (const [ref, bounds] of refs) expect(view.refs[ref]!.bounds).toBe(bounds);
  });
});

describe("a view of another screen", () => {
  it("gives no node a ref", () => {
    const [a, b] = ["settings_main_homepage.xml", "permissioncontroller_location_prompt.xml"].map(readFixture);
    const other = buildAgentView(new HierarchyIndex(parseHierarchy(b!)), "v2");
    const { nodes, refsMatch } = nodeTargets(a!, other);
    expect(refsMatch).toBe(false);
    expect(nodes.some((n) => n.ref)).toBe(false);
    expect(nodes.some((n) => n.matcher)).toBe(true);
  });
});
