import type { Bounds, UiNode } from "./types.ts";

const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

/** `[l,t][r,b]` → numbers; a missing or malformed value is an empty box at the origin. */
export function parseBounds(value: string | undefined): Bounds {
  const m = value === undefined ? null : BOUNDS.exec(value);
  return m
    ? { left: Number(m[1]), top: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]) }
    : { left: 0, top: 0, right: 0, bottom: 0 };
}

export function formatBounds(b: Bounds): string {
  return `[${b.left},${b.top}][${b.right},${b.bottom}]`;
}

export const boundsOf = (node: UiNode): Bounds => parseBounds(node.attributes.bounds);

export function center(b: Bounds): { x: number; y: number } {
  return { x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) };
}

export function contains(b: Bounds, x: number, y: number): boolean {
  return x >= b.left && x < b.right && y >= b.top && y < b.bottom;
}

export function area(b: Bounds): number {
  return Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
}
