import { inferRole, type Bounds } from "../tree/index.ts";
import type { Raster, Rgb } from "./raster.ts";
import type { ScreenNode } from "./screen-nodes.ts";
import { CELL_WIDTH, drawLines, foldToAscii, linesThatFit, wrapLines } from "./text.ts";

export const COLORS = {
  backdrop: 0x202124, // no window: an unlit screen
  window: 0xffffff,
  outline: 0xc4c7c5,
  clickableFill: 0xe8f0fe,
  clickableOutline: 0x7baaf7,
  editableFill: 0xfff3d0,
  editableOutline: 0xe37400,
  scrollableOutline: 0x81c995,
  text: 0x202124,
  description: 0x1a4fb4,
  disabledText: 0x9aa0a6,
  checkOn: 0x1a73e8,
  checkOff: 0x80868b,
} as const satisfies Record<string, Rgb>;

const lineWidth = (scale: number) => Math.max(1, Math.floor(scale / 2));

/** The checked-state indicator of a checkable node: a square at its right edge, vertically centred. */
function checkBox(b: Bounds, scale: number): Bounds {
  const size = 7 * scale;
  const top = Math.floor((b.top + b.bottom - size) / 2);
  return { left: b.right - 2 * scale - size, top, right: b.right - 2 * scale, bottom: top + size };
}

/** Outline; tint for clickable nodes; a distinct fill and heavier outline for text fields; a check indicator. */
export function drawBox(raster: Raster, { node, bounds: b }: ScreenNode, scale: number): void {
  const a = node.attributes;
  const line = lineWidth(scale);
  if (inferRole(node) === "textfield") {
    raster.fillRect(b.left, b.top, b.right, b.bottom, COLORS.editableFill);
    raster.strokeRect(b.left, b.top, b.right, b.bottom, COLORS.editableOutline, 2 * line);
  } else if (a.clickable === "true" || a["long-clickable"] === "true") {
    raster.fillRect(b.left, b.top, b.right, b.bottom, COLORS.clickableFill);
    raster.strokeRect(b.left, b.top, b.right, b.bottom, COLORS.clickableOutline, line);
  } else {
    raster.strokeRect(
      b.left,
      b.top,
      b.right,
      b.bottom,
      a.scrollable === "true" ? COLORS.scrollableOutline : COLORS.outline,
      line,
    );
  }
  if (a.checkable === "true") {
    const box = checkBox(b, scale);
    const on = a.checked === "true";
    raster.strokeRect(box.left, box.top, box.right, box.bottom, on ? COLORS.checkOn : COLORS.checkOff, 2 * line);
    if (on)
      raster.fillRect(
        box.left + 3 * line,
        box.top + 3 * line,
        box.right - 3 * line,
        box.bottom - 3 * line,
        COLORS.checkOn,
      );
  }
}

interface Fit {
  scale: number;
  box: Bounds;
  lines: string[][];
}

/**
 * Picks the text size for a label: the screen's scale, or one step smaller, if the whole label then fits (app
 * fonts are narrower than this one, so tight bounds are common); otherwise the largest scale at which the longest
 * word (up to 12 characters) fits on a line, with the overflow cut to "...".
 */
function fitLabel(text: string, b: Bounds, reserved: number, scale: number): Fit | undefined {
  const longestWord = Math.min(12, Math.max(...text.split(/\s/).map((word) => Array.from(word).length)));
  let fallback: Fit | undefined;
  for (let s = scale; s >= 1; s--) {
    const box = { left: b.left + s, top: b.top + 1, right: b.right - s - reserved, bottom: b.bottom - 1 };
    // The last character needs no spacing column after it.
    const columns = Math.floor((box.right - box.left + s) / (CELL_WIDTH * s));
    const maxLines = linesThatFit(box.bottom - box.top, s);
    if (columns < 1 || maxLines < 1) continue;
    const whole = wrapLines(text, columns, Infinity);
    if (s >= scale - 1 && columns >= longestWord && whole.length <= maxLines) return { scale: s, box, lines: whole };
    if (!fallback && (columns >= longestWord || s === 1))
      fallback = { scale: s, box, lines: wrapLines(text, columns, maxLines) };
    if (fallback && s < scale - 1) break;
  }
  return fallback;
}

/** The node's label inside its bounds (left of the check indicator, if any). */
export function drawLabel(raster: Raster, { node, bounds, label, isDescription }: ScreenNode, scale: number): void {
  const text = foldToAscii(label);
  if (text.trim() === "") return;
  const a = node.attributes;
  const reserved = a.checkable === "true" ? 9 * scale : 0;
  const fit = fitLabel(text, bounds, reserved, scale);
  if (!fit) return;
  const color = a.enabled === "false" ? COLORS.disabledText : isDescription ? COLORS.description : COLORS.text;
  drawLines(raster, fit.lines, fit.box, fit.scale, color);
}
