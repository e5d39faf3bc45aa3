import type { AgentView } from "../../../core/contracts/agent-view.ts";
import type { NodeMatcher } from "../../../core/contracts/matcher.ts";
import { buildAgentView } from "../../../android/hierarchy/agent-view/index.ts";
import { outlineLines } from "../../../android/hierarchy/agent-view/outline.ts";
import { visibleNodes } from "../../../android/hierarchy/agent-view/visible.ts";
import { HierarchyIndex } from "../../../android/hierarchy/hierarchy-index.ts";
import { parseHierarchy, type UiNode } from "../../../android/hierarchy/index.ts";
import { clickMatcher, uniqueMatcher } from "../../../android/hierarchy/unique-matcher.ts";

/** How one node of a dump is selected again, and its ref in the agent view of the same screen. */
export interface NodeTarget {
  ref?: string;
  /** The most specific matcher that selects this node alone (the core's uniqueMatcher, as agent-view refs use). */
  matcher?: NodeMatcher;
  /** When no matcher is unique: its centre, and a unique matcher whose click the APK hands to it, if any. */
  coordinate?: { x: number; y: number };
  clickMatcher?: NodeMatcher;
}

function* documentOrder(nodes: readonly UiNode[]): Generator<UiNode> {
  for (const node of nodes) {
    yield node;
    yield* documentOrder(node.children);
  }
}

/**
 * Every `<node>` of the dump in document order, each with its unique matcher (or centre), and its ref when `view`
 * was made from the same screen (its outline and refs are what this dump gives); otherwise no node has a ref. The
 * view's own snapshot is a second dump of the same execution, so a screen that moved in between gives no refs.
 */
export function nodeTargets(xml: string, view: AgentView): { nodes: NodeTarget[]; refsMatch: boolean } {
  const index = new HierarchyIndex(parseHierarchy(xml));
  const refs = new Map<UiNode, string>();
  const here = buildAgentView(index, view.id);
  const refsMatch = here.outline === view.outline && JSON.stringify(here.refs) === JSON.stringify(view.refs);
  if (refsMatch)
    for (const line of outlineLines(index, visibleNodes(index.hierarchy))) if (line.ref) refs.set(line.node, line.ref);
  const nodes = [...documentOrder(index.hierarchy.windows)].map((node): NodeTarget => {
    const ref = refs.get(node);
    const target = uniqueMatcher(index, node);
    if (target.kind === "matcher") return { ...(ref ? { ref } : {}), matcher: target.matcher };
    const inside = clickMatcher(index, node);
    return {
      ...(ref ? { ref } : {}),
      coordinate: target.coordinate,
      ...(inside ? { clickMatcher: inside } : {}),
    };
  });
  return { nodes, refsMatch };
}
