import type { Bounds, UiNode } from "./node-types.ts";

const EMPTY: Bounds = { left: 0, top: 0, right: 0, bottom: 0 };

/** A node's `bounds="[l,t][r,b]"`; a node without readable bounds occupies nothing. */
export function boundsOf(node: UiNode): Bounds {
  const numbers = node.attributes.bounds
    ?.match(/^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/)
    ?.slice(1)
    .map(Number);
  if (!numbers) return { ...EMPTY };
  const [left, top, right, bottom] = numbers as [number, number, number, number];
  return { left, top, right, bottom };
}

/** Where a tap on the node lands: Android's Rect.centerX/centerY (integer halves). */
export const center = (b: Bounds): { x: number; y: number } => ({
  x: Math.floor((b.left + b.right) / 2),
  y: Math.floor((b.top + b.bottom) / 2),
});

/** Android's Rect.contains(x, y): the right and bottom edges are outside. */
export const contains = (b: Bounds, x: number, y: number): boolean =>
  b.left <= x && x < b.right && b.top <= y && y < b.bottom;

/** Pixels covered; an inverted rectangle covers none. */
export const area = (b: Bounds): number => Math.max(b.right - b.left, 0) * Math.max(b.bottom - b.top, 0);
