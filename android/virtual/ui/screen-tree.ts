import { findAll, HierarchyIndex, type UiNode } from "../tree/index.ts";
import { childPath, pagePath, type ScreenModel } from "./screen-model.ts";
import type { ScreenState } from "./screen-state.ts";

/** Where a snapshot node comes from: the screen and the node's path in it. */
export interface NodeOrigin {
  screen: string;
  path: string;
}

/**
 * One screen built with its live state applied, frozen so that whoever reads a snapshot cannot change the model.
 * It is rebuilt only when the screen's state version moves; dynamic values are patched on top per snapshot.
 */
export class ScreenTree {
  readonly windows: readonly UiNode[];
  readonly version: number;
  readonly #nodeAt = new Map<string, UiNode>();
  readonly #pathOf = new Map<UiNode, string>();
  #index: HierarchyIndex | undefined;
  #valueTargets: string[][] | undefined;
  #lastValues: { key: string; windows: readonly UiNode[] } | undefined;

  constructor(
    readonly model: ScreenModel,
    state: ScreenState,
    private readonly origins: WeakMap<UiNode, NodeOrigin>,
  ) {
    this.version = state.version;
    const build = (node: UiNode, path: string): UiNode => {
      const scroller = this.model.scrollers.get(path);
      const page = scroller ? state.page(path) : 0;
      const children =
        page === 0
          ? node.children.map((child, i) => build(child, childPath(path, i)))
          : scroller!.spec.pages[page - 1]!.map((child, i) => build(child, pagePath(path, page, i)));
      const overrides = state.overrides(path);
      const attributes = Object.freeze(overrides ? { ...node.attributes, ...overrides } : { ...node.attributes });
      return this.#register(Object.freeze({ attributes, children: Object.freeze(children) as UiNode[] }), path);
    };
    this.windows = Object.freeze(model.spec.hierarchy.windows.map((window, i) => build(window, String(i))));
  }

  get index(): HierarchyIndex {
    this.#index ??= new HierarchyIndex({ rotation: "0", attributes: {}, windows: [...this.windows] });
    return this.#index;
  }

  nodeAt(path: string): UiNode | undefined {
    return this.#nodeAt.get(path);
  }

  pathOf(node: UiNode): string | undefined {
    return this.#pathOf.get(node);
  }

  /**
   * The windows with each dynamic value's current text (one entry per `values` rule) written into the nodes its
   * matcher names. Only the changed nodes and their ancestors are copied; unchanged texts reuse the last result.
   */
  withValues(texts: readonly string[]): readonly UiNode[] {
    if (texts.length === 0) return this.windows;
    const key = texts.join("\u0000");
    if (this.#lastValues?.key === key) return this.#lastValues.windows;
    this.#valueTargets ??= this.model.spec.values.map((v) =>
      findAll(this.index, v.node).map((node) => this.#pathOf.get(node)!),
    );
    const patches = new Map<string, Record<string, string>>();
    this.model.spec.values.forEach((v, i) => {
      for (const path of this.#valueTargets![i]!) patches.set(path, { ...patches.get(path), [v.attribute]: texts[i]! });
    });
    const dirty = new Set<string>();
    for (const path of patches.keys())
      for (let p = path; p !== ""; p = p.slice(0, Math.max(0, p.lastIndexOf("/")))) dirty.add(p);
    const copy = (node: UiNode): UiNode => {
      const path = this.#pathOf.get(node)!;
      if (!dirty.has(path)) return node;
      const patch = patches.get(path);
      const attributes = patch ? Object.freeze({ ...node.attributes, ...patch }) : node.attributes;
      const copied = Object.freeze({ attributes, children: Object.freeze(node.children.map(copy)) as UiNode[] });
      this.origins.set(copied, { screen: this.model.spec.id, path });
      return copied;
    };
    const windows = Object.freeze(this.windows.map(copy));
    this.#lastValues = { key, windows };
    return windows;
  }

  #register(node: UiNode, path: string): UiNode {
    this.#nodeAt.set(path, node);
    this.#pathOf.set(node, path);
    this.origins.set(node, { screen: this.model.spec.id, path });
    return node;
  }
}
