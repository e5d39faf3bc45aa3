import type { AgentView, ViewRef, ViewWindow } from "../../../core/contracts/agent-view.ts";
import { formatBounds, boundsOf } from "../bounds.ts";
import { HierarchyIndex } from "../hierarchy-index.ts";
import type { UiHierarchy, UiNode } from "../types.ts";
import { clickMatcher, uniqueMatcher } from "../unique-matcher.ts";
import { outlineLines, type OutlineLine } from "./outline.ts";
import { word } from "./text.ts";
import { visibleNodes } from "./visible.ts";

const INDENT = "  ";

function render(line: OutlineLine, indent: string): string {
  const name = line.labels.length === 0 && line.idName !== undefined ? [`#${word(line.idName)}`] : [];
  const parts = [line.kind, ...line.labels, ...name, ...line.fields, ...line.states];
  if (line.ref) parts.push(`[ref=${line.ref}]`);
  return indent + INDENT.repeat(line.depth) + parts.join(" ");
}

function refOf(index: HierarchyIndex, node: UiNode): ViewRef {
  const bounds = formatBounds(boundsOf(node));
  const target = uniqueMatcher(index, node);
  if (target.kind === "matcher") return { bounds, unique: true, matcher: target.matcher };
  const viaInside = clickMatcher(index, node);
  return { bounds, unique: false, coordinate: target.coordinate, ...(viaInside ? { clickMatcher: viaInside } : {}) };
}

/**
 * The agent view of a snapshot (a pure function of the hierarchy): the outline text, one line per meaningful node
 * indented by structure, with `[ref=eN]` on every node an action can target, and the refs table, each ref with the
 * most specific matcher unique on this screen (or its centre as a coordinate). `id` names the snapshot.
 */
export function buildAgentView(hierarchy: UiHierarchy | HierarchyIndex, id: string): AgentView {
  const index = hierarchy instanceof HierarchyIndex ? hierarchy : new HierarchyIndex(hierarchy);
  const windows: ViewWindow[] = index.hierarchy.windows.map((w) => ({
    package: w.attributes.package ?? "",
    bounds: formatBounds(boundsOf(w)),
  }));
  const lines = outlineLines(index, visibleNodes(index.hierarchy));
  const refs: Record<string, ViewRef> = {};
  for (const line of lines) {
    if (!line.ref) continue;
    refs[line.ref] = refOf(index, line.node);
  }
  const several = windows.length > 1;
  const text: string[] = [];
  let window: UiNode | undefined;
  for (const line of lines) {
    if (several) {
      const root = index.ancestors(line.node).at(-1) ?? line.node;
      if (root !== window) {
        window = root;
        text.push(`window ${word(root.attributes.package ?? "")}`);
      }
    }
    text.push(render(line, several ? INDENT : ""));
  }
  return {
    id,
    package: windows[0]?.package ?? "",
    windows,
    rotation: index.hierarchy.rotation,
    outline: text.join("\n"),
    refs,
  };
}
