import type { ViewLine } from "./build-view.ts";

const INDENT = "  ";

interface TreeNode {
  line: ViewLine;
  children: TreeNode[];
  /** The subtree as text: the line and every line below it, for telling an unchanged subtree. */
  signature: string;
  size: number;
}

/** The lines as a tree by their depth (a line's parent is the nearest line above it that is less deep). */
function treeOf(lines: readonly ViewLine[]): TreeNode[] {
  const roots: TreeNode[] = [];
  const stack: TreeNode[] = [];
  for (const line of lines) {
    const node: TreeNode = { line, children: [], signature: "", size: 1 };
    while (stack.length > 0 && stack.at(-1)!.line.depth >= line.depth) stack.pop();
    (stack.at(-1)?.children ?? roots).push(node);
    stack.push(node);
  }
  const sign = (node: TreeNode): void => {
    for (const child of node.children) sign(child);
    node.signature = [node.line.text, ...node.children.map((c) => `\u0001${c.signature}\u0002`)].join("");
    node.size = 1 + node.children.reduce((n, c) => n + c.size, 0);
  };
  for (const root of roots) sign(root);
  return roots;
}

function flatten(nodes: readonly TreeNode[], out = new Map<string, TreeNode>()): Map<string, TreeNode> {
  for (const node of nodes) {
    out.set(node.line.key, node);
    flatten(node.children, out);
  }
  return out;
}

export interface IncrementalView {
  /** The body: changed subtrees in full, each run of unchanged siblings as one `<unchanged N>` line (N lines). */
  text: string;
  /** The line naming what went away (`removed: "Airplane mode" [ref=e5], ...`), or empty. */
  removed: string;
  /** The refs the body shows. */
  refs: string[];
  /** Lines shown in full (changed or new, and the unchanged lines above them that place them). */
  shown: number;
}

/**
 * The view `lines` as a change of `baseline`: a subtree whose lines are all as they were collapses into a marker
 * (runs of unchanged siblings into one), a line that is as it was but has changes below it stays to place them,
 * a new or changed line shows with everything below it, and nodes that went away are named (the top of each
 * removed subtree, with its ref). Lines are matched by identity, so a moved or re-ordered node counts as changed.
 */
export function incrementalView(lines: readonly ViewLine[], baseline: readonly ViewLine[]): IncrementalView {
  const now = treeOf(lines);
  const before = flatten(treeOf(baseline));
  const out: string[] = [];
  const refs: string[] = [];
  let shown = 0;
  const show = (line: ViewLine) => {
    out.push(INDENT.repeat(line.depth) + line.text);
    if (line.ref) refs.push(line.ref);
    shown++;
  };
  const all = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      show(node.line);
      all(node.children);
    }
  };
  const diff = (nodes: readonly TreeNode[]) => {
    let run = 0;
    let depth = 0;
    const flush = () => {
      if (run > 0) out.push(`${INDENT.repeat(depth)}<unchanged ${run}>`);
      run = 0;
    };
    for (const node of nodes) {
      const was = before.get(node.line.key);
      if (was?.signature === node.signature) {
        depth = node.line.depth;
        run += node.size;
        continue;
      }
      flush();
      show(node.line);
      if (was?.line.text === node.line.text) diff(node.children);
      else all(node.children);
    }
    flush();
  };
  diff(now);

  const present = new Set(lines.map((line) => line.key));
  const gone: string[] = [];
  const collectGone = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (!present.has(node.line.key)) {
        gone.push(node.line.ref ? `${node.line.name} [ref=${node.line.ref}]` : node.line.name);
        continue;
      }
      collectGone(node.children);
    }
  };
  collectGone(treeOf(baseline));
  return { text: out.join("\n"), removed: gone.length ? `removed: ${gone.join(", ")}` : "", refs, shown };
}
