import type { NodeMatcher } from "./matcher.ts";

/**
 * One ref of an agent view: a node an action can target, and how an action selects it again. `unique` says whether
 * `matcher` selects this node and no other on the screen the view was made from (with the Operator APK's matcher
 * semantics); a ref without one is a coordinate ref: `coordinate` is the centre of its bounds, and `clickMatcher`,
 * when there is one, a unique matcher of a node inside it whose click the APK hands to this node (the title of an
 * unlabeled list row).
 */
export interface ViewRef {
  /** The node's bounds as a dump writes them: `[left,top][right,bottom]`. */
  bounds: string;
  unique: boolean;
  matcher?: NodeMatcher;
  clickMatcher?: NodeMatcher;
  coordinate?: { x: number; y: number };
}

/** A top-level window of the screen: its app and where it is (dialogs float). */
export interface ViewWindow {
  package: string;
  bounds: string;
}

/**
 * The agent view of one screen: a compact outline, one line per meaningful node, with `[ref=eN]` on every node an
 * action can target, and the refs table. `id` names the snapshot (the execution) it was made from.
 */
export interface AgentView {
  id: string;
  /** The package of the first window (the app in front). */
  package: string;
  windows: ViewWindow[];
  rotation: string;
  outline: string;
  refs: Record<string, ViewRef>;
}

/** How an action selected a ref's node: what `--ref` became. */
export interface RefUse {
  ref: string;
  /** The view the ref came from. */
  viewId: string;
  used: "matcher" | "clickMatcher" | "coordinate";
  matcher?: NodeMatcher;
  coordinate?: { x: number; y: number };
}
