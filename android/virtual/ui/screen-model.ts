import { findFirst, HierarchyIndex, type UiNode } from "../tree/index.ts";
import type { ScreenSpec, ScrollerSpec } from "../scenario/scenario-types.ts";

/** A declared scroll container, located by its node path in the screen's XML. */
export interface Scroller {
  path: string;
  spec: ScrollerSpec;
}

/** A scenario screen with what never changes worked out once: where its scroll containers are. */
export interface ScreenModel {
  spec: ScreenSpec;
  scrollers: Map<string, Scroller>;
}

/** Paths name nodes across rebuilds: window index, then child indexes; later scroll pages add `p<page>`. */
export const childPath = (parent: string, index: number): string => `${parent}/${index}`;
export const pagePath = (container: string, page: number, index: number): string => `${container}/p${page}/${index}`;

function pathsOf(windows: readonly UiNode[]): Map<UiNode, string> {
  const paths = new Map<UiNode, string>();
  const walk = (node: UiNode, path: string): void => {
    paths.set(node, path);
    node.children.forEach((child, i) => {
      walk(child, childPath(path, i));
    });
  };
  windows.forEach((window, i) => {
    walk(window, String(i));
  });
  return paths;
}

export function screenModel(spec: ScreenSpec): ScreenModel {
  const scrollers = new Map<string, Scroller>();
  if (spec.scrollers.length > 0) {
    const index = new HierarchyIndex(spec.hierarchy);
    const paths = pathsOf(spec.hierarchy.windows);
    for (const scroller of spec.scrollers) {
      const container = findFirst(index, scroller.container);
      const path = container && paths.get(container);
      // The first declaration of a container wins, as checkReferences reports the others' mistakes.
      if (path !== undefined && !scrollers.has(path)) scrollers.set(path, { path, spec: scroller });
    }
  }
  return { spec, scrollers };
}
