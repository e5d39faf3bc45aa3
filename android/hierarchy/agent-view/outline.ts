import type { HierarchyIndex } from "../hierarchy-index.ts";
import type { UiNode } from "../types.ts";
import { oneLine, quoted } from "./text.ts";

/** A line of the outline, before it is written out. */
export interface OutlineLine {
  node: UiNode;
  depth: number;
  /** The inferred role, else a word for what the node does. */
  kind: string;
  /** Quoted texts: the node's label, then labels of nodes inside it that have no line of their own. */
  labels: string[];
  /** `desc="…"`, `value="…"`: the content-desc beside a text, an editable field's value. */
  fields: string[];
  /** `#name` of the resource-id, shown when the line has no label. */
  idName?: string;
  states: string[];
  /** Set on every node an action can target. */
  ref?: string;
}

const is = (node: UiNode, attribute: string) => node.attributes[attribute] === "true";
const blank = (value: string | undefined) => value === undefined || value.trim() === "";
const editable = (node: UiNode, index: HierarchyIndex) => index.role(node) === "textfield";

/** What an action can target: a click, a long click, a scroll, a toggle, typing. */
export const actionable = (node: UiNode, index: HierarchyIndex): boolean =>
  is(node, "clickable") ||
  is(node, "long-clickable") ||
  is(node, "scrollable") ||
  is(node, "checkable") ||
  editable(node, index);

const clickable = (node: UiNode, index: HierarchyIndex) =>
  is(node, "clickable") || is(node, "long-clickable") || editable(node, index);

/** The visible nodes below a node, in document order (below invisible ones too: a node is kept by its own box). */
function inside(node: UiNode, visible: ReadonlySet<UiNode>): UiNode[] {
  const out: UiNode[] = [];
  const walk = (n: UiNode) => {
    for (const child of n.children) {
      if (visible.has(child)) out.push(child);
      walk(child);
    }
  };
  walk(node);
  return out;
}

/** States a wrapper without a line of its own passes to the line below it (a selected tab drawn by its children). */
const CARRIED = ["checked", "selected"];

/** State words, only when true. */
function statesOf(node: UiNode, carried: readonly string[]): string[] {
  const states = CARRIED.filter((state) => is(node, state) || carried.includes(state));
  if (is(node, "focused")) states.push("focused");
  if (node.attributes.enabled === "false") states.push("disabled");
  if (is(node, "password")) states.push("password");
  if (is(node, "scrollable")) states.push("scrollable");
  return states;
}

function kindOf(node: UiNode, index: HierarchyIndex): string {
  const role = index.role(node);
  if (role) return role;
  if (is(node, "clickable") || is(node, "long-clickable")) return "button";
  if (actionable(node, index)) return "view";
  return blank(node.attributes.text) && blank(node.attributes["content-desc"]) ? "view" : "text";
}

/** The part of a resource-id after `:id/` (a Compose testTag or a WebView DOM id has none). */
function idName(node: UiNode): string | undefined {
  const id = node.attributes["resource-id"] ?? "";
  if (id === "") return undefined;
  const at = id.indexOf(":id/");
  return at < 0 ? id : id.slice(at + 4);
}

/**
 * The label and fields of a node's own line, and the texts they show (on one line each, for telling what a line
 * already shows). An editable field's text is its value; its label is what names it.
 */
function ownTexts(node: UiNode, index: HierarchyIndex): { labels: string[]; fields: string[]; texts: string[] } {
  const text = node.attributes.text ?? "";
  const desc = node.attributes["content-desc"] ?? "";
  const hint = node.attributes.hint ?? "";
  if (editable(node, index)) {
    const name = [desc, hint].find((v) => !blank(v));
    const value = !blank(text) && oneLine(text) !== oneLine(hint) ? [text] : [];
    return {
      labels: name ? [quoted(name)] : [],
      fields: value.map((v) => `value=${quoted(v)}`),
      texts: [...(name ? [name] : []), ...value].map(oneLine),
    };
  }
  if (blank(text)) return { labels: blank(desc) ? [] : [quoted(desc)], fields: [], texts: [oneLine(desc)] };
  const extra = !blank(desc) && oneLine(desc) !== oneLine(text) ? [desc] : [];
  return {
    labels: [quoted(text)],
    fields: extra.map((d) => `desc=${quoted(d)}`),
    texts: [text, ...extra].map(oneLine),
  };
}

/** The label texts a node shows, as they are. */
const labelTexts = (node: UiNode) =>
  [node.attributes.text, node.attributes["content-desc"]].filter((v): v is string => !blank(v));

const WORD = /[\p{L}\p{N}]/u;

/** Whether `text` already shows in `seen` as a whole: not as part of a longer word ("U" is not in "Unity"). */
function covered(seen: string, text: string): boolean {
  for (let at = seen.indexOf(text); at >= 0; at = seen.indexOf(text, at + 1)) {
    const before = at === 0 ? " " : seen[at - 1]!;
    const after = seen[at + text.length] ?? " ";
    const startsClean = !WORD.test(before) || !WORD.test(text[0]!);
    const endsClean = !WORD.test(after) || !WORD.test(text.at(-1)!);
    if (startsClean && endsClean) return true;
  }
  return false;
}

/**
 * The outline's lines, in document order. A node gets a line when an action can target it, or when it shows a
 * label the line above it does not show yet; the plain texts inside an unlabeled row, button or field are written on
 * that line instead of their own. Everything else (layout wrappers, nodes with an id alone, nodes not visible) is
 * folded away: its children move up, and a wrapper's checked or selected state goes to the line below it. Refs
 * are numbered here in document order; a view with a lineage renumbers them (lineage.ts).
 */
export function outlineLines(index: HierarchyIndex, visible: ReadonlySet<UiNode>): OutlineLine[] {
  const lines: OutlineLine[] = [];
  const shown = new Map<OutlineLine, string>();
  const absorbing = new Set<OutlineLine>();
  const hasInside = (node: UiNode, test: (n: UiNode) => boolean) => inside(node, visible).some(test);
  /** Takes the texts inside it as its name: unlabeled, clickable or selected, and no container of clickables. */
  const absorbs = (line: OutlineLine) =>
    line.labels.length === 0 &&
    (clickable(line.node, index) || CARRIED.some((s) => line.states.includes(s))) &&
    !hasInside(line.node, (n) => clickable(n, index));

  const newLine = (node: UiNode, depth: number, carried: readonly string[]): OutlineLine => {
    const { labels, fields, texts } = ownTexts(node, index);
    const line: OutlineLine = {
      node,
      depth,
      kind: kindOf(node, index),
      labels,
      fields,
      states: statesOf(node, carried),
    };
    const name = idName(node);
    if (name !== undefined) line.idName = name;
    lines.push(line);
    shown.set(line, texts.join(" "));
    if (absorbs(line)) absorbing.add(line);
    return line;
  };

  const visit = (node: UiNode, parent: OutlineLine | undefined, depth: number, carried: readonly string[]): void => {
    if (!visible.has(node)) {
      // Off the display itself, but what it holds may be on it (a page sliding in from a negative x).
      for (const child of node.children) visit(child, parent, depth, carried);
      return;
    }
    const passed = [...carried, ...CARRIED.filter((s) => is(node, s))];
    if (actionable(node, index)) {
      const line = newLine(node, depth, carried);
      for (const child of node.children) visit(child, line, depth + 1, []);
      return;
    }
    const seen = parent ? shown.get(parent)! : "";
    const fresh = labelTexts(node).filter((t) => !covered(seen, oneLine(t)));
    if (fresh.length === 0) {
      for (const child of node.children) visit(child, parent, depth, passed);
      return;
    }
    if (parent && absorbing.has(parent) && !hasInside(node, (n) => actionable(n, index))) {
      parent.labels.push(...fresh.map((t) => quoted(t)));
      for (const state of passed) if (!parent.states.includes(state)) parent.states.unshift(state);
      shown.set(parent, `${seen} ${fresh.map(oneLine).join(" ")}`);
      for (const child of node.children) visit(child, parent, depth, []);
      return;
    }
    const line = newLine(node, depth, carried);
    for (const child of node.children) visit(child, line, depth + 1, []);
  };
  for (const window of index.hierarchy.windows) visit(window, undefined, 0, []);
  let count = 0;
  for (const line of lines) if (actionable(line.node, index)) line.ref = `e${++count}`;
  return lines;
}
