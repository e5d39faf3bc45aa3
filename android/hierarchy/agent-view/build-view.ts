import type { AgentView, ViewRef, ViewWindow } from "../../../core/contracts/agent-view.ts";
import { formatBounds, boundsOf, center } from "../bounds.ts";
import { HierarchyIndex } from "../hierarchy-index.ts";
import type { UiHierarchy, UiNode } from "../types.ts";
import { clickMatcher, uniqueMatcher } from "../unique-matcher.ts";
import { assignRefs, type RefLineage } from "./lineage.ts";
import { outlineLines, type OutlineLine } from "./outline.ts";
import { word } from "./text.ts";
import { visibility, type DisplaySize } from "./visible.ts";

const INDENT = "  ";

/** One line of a view as the incremental view compares it: its depth, its text (without indent) and identity. */
export interface ViewLine {
  depth: number;
  text: string;
  /** The node's identity in the lineage (window headers: `window <package>`), unique within the view. */
  key: string;
  /** What names it when it goes: its first label, else its kind and id. */
  name: string;
  ref?: string;
}

export interface AgentViewOptions {
  /** The display in its natural orientation; without it, inferred from the dump (`displayBox`). */
  display?: DisplaySize;
  /** Refs kept across the views of a screen lineage; without it, refs are e1, e2, ... in document order. */
  lineage?: RefLineage;
}

function render(line: OutlineLine, ref: string | undefined): string {
  const name = line.labels.length === 0 && line.idName !== undefined ? [`#${word(line.idName)}`] : [];
  const parts = [line.kind, ...line.labels, ...name, ...line.fields, ...line.states];
  if (ref) parts.push(`[ref=${ref}]`);
  return parts.join(" ");
}

function refOf(index: HierarchyIndex, node: UiNode, reachable: boolean): ViewRef {
  const box = boundsOf(node);
  const bounds = formatBounds(box);
  // The APK does not see it (under a node it filters out): only a tap at its centre reaches it.
  if (!reachable) return { bounds, unique: false, coordinate: center(box) };
  const target = uniqueMatcher(index, node);
  if (target.kind === "matcher") return { bounds, unique: true, matcher: target.matcher };
  const viaInside = clickMatcher(index, node);
  return { bounds, unique: false, coordinate: target.coordinate, ...(viaInside ? { clickMatcher: viaInside } : {}) };
}

/** A line's identity without its occurrence: app, kind, first label or id name. */
const identityOf = (line: OutlineLine, pkg: string) =>
  `${pkg}|${line.kind}|${line.labels[0] ?? (line.idName === undefined ? "" : `#${line.idName}`)}`;

/**
 * The agent view of a snapshot and its lines: the outline text, one line per meaningful node indented by
 * structure, with `[ref=eN]` on every node an action can target, and the refs table, each ref with the most specific
 * matcher unique on this screen (or its centre as a coordinate). Nodes are kept by their intersection with the
 * display; a window wholly off it is named on the first line, and a screen with nothing on it says so.
 */
export function agentViewOf(
  hierarchy: UiHierarchy | HierarchyIndex,
  id: string,
  options: AgentViewOptions = {},
): { view: AgentView; lines: ViewLine[] } {
  const index = hierarchy instanceof HierarchyIndex ? hierarchy : new HierarchyIndex(hierarchy);
  const windows: ViewWindow[] = index.hierarchy.windows.map((w) => ({
    package: w.attributes.package ?? "",
    bounds: formatBounds(boundsOf(w)),
  }));
  const seen = visibility(index.hierarchy, options.display);
  const outline = outlineLines(index, seen.visible);
  const rootOf = (node: UiNode) => index.ancestors(node).at(-1) ?? node;
  const roots = outline.map((line) => rootOf(line.node));
  const occurrences = new Map<string, number>();
  const identities = outline.map((line, i) => {
    const base = identityOf(line, roots[i]!.attributes.package ?? "");
    const n = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  });
  const actionable = outline.map((line) => line.ref !== undefined);
  const issued = options.lineage
    ? assignRefs(
        options.lineage,
        identities.filter((_, i) => actionable[i]),
      )
    : outline.filter((line) => line.ref).map((line) => line.ref!);

  const refs: Record<string, ViewRef> = {};
  const lines: ViewLine[] = [];
  for (const window of seen.offscreenWindows) {
    const text = `offscreen window: ${word(window.attributes.package ?? "")} at ${formatBounds(boundsOf(window))}`;
    lines.push({ depth: 0, text, key: `offscreen ${text}`, name: text });
  }
  const several = new Set(roots).size > 1;
  let window: UiNode | undefined;
  let next = 0;
  outline.forEach((line, i) => {
    if (several && roots[i] !== window) {
      window = roots[i]!;
      const text = `window ${word(window.attributes.package ?? "")}`;
      lines.push({ depth: 0, text, key: `${text}#${i}`, name: text });
    }
    const ref = actionable[i] ? issued[next++] : undefined;
    if (ref) refs[ref] = refOf(index, line.node, !seen.unreachable.has(line.node));
    const name = line.labels[0] ?? `${line.kind}${line.idName === undefined ? "" : ` #${word(line.idName)}`}`;
    lines.push({
      depth: line.depth + (several ? 1 : 0),
      text: render(line, ref),
      key: identities[i]!,
      name,
      ...(ref ? { ref } : {}),
    });
  });
  if (outline.length === 0) {
    const text =
      seen.visible.size === 0
        ? `nothing on the display: the ${seen.nodeCount} nodes of this screen all lie outside it ` +
          "(a transition under way?); wait a moment and observe again"
        : `nothing to show: none of the ${seen.visible.size} nodes on the display has a label or an action; ` +
          "wait a moment and observe again";
    lines.push({ depth: 0, text, key: "nothing", name: text });
  }
  return {
    view: {
      id,
      package: windows[0]?.package ?? "",
      windows,
      rotation: index.hierarchy.rotation,
      outline: outlineText(lines),
      refs,
    },
    lines,
  };
}

/** The outline text of a view's lines. */
export const outlineText = (lines: readonly ViewLine[]): string =>
  lines.map((line) => INDENT.repeat(line.depth) + line.text).join("\n");

/** The agent view of a snapshot (a pure function of the hierarchy and the options); see `agentViewOf`. */
export function buildAgentView(
  hierarchy: UiHierarchy | HierarchyIndex,
  id: string,
  options: AgentViewOptions = {},
): AgentView {
  return agentViewOf(hierarchy, id, options).view;
}
