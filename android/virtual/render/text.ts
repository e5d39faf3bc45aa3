import type { Bounds } from "../tree/index.ts";
import { DESCENT, GLYPH_HEIGHT, GLYPH_WIDTH, glyphOf } from "./font-5x7.ts";
import type { Raster, Rgb } from "./raster.ts";

/** Advance per character and per line, in font pixels (before scaling). */
export const CELL_WIDTH = GLYPH_WIDTH + 1;
const LINE_HEIGHT = GLYPH_HEIGHT + DESCENT + 1;

/** Lines of text that fit in `height` screen pixels at `scale` (descenders of the last line may be clipped). */
export const linesThatFit = (height: number, scale: number) =>
  Math.floor((height / scale - GLYPH_HEIGHT) / LINE_HEIGHT) + 1;

const TYPOGRAPHIC: Readonly<Record<string, string>> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": ",",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u2022": "*",
  "\u00b7": "*",
  "\u00d7": "x",
};

/**
 * The text to draw for a label: accents dropped (so "Dùng" reads "Dung"), typographic punctuation and spaces
 * folded to ASCII, invisible format characters (U+FEFF, U+200B, variation selectors) removed. Whatever is still
 * outside ASCII is drawn as a box, one per code point.
 */
export function foldToAscii(label: string): string {
  return label
    .normalize("NFD")
    .replace(/[\p{M}\p{Cf}]/gu, "")
    .replace(/[\u2018-\u201e\u2010-\u2014\u2212\u2026\u2022\u00b7\u00d7]/g, (char) => TYPOGRAPHIC[char] ?? char)
    .replace(/[^\S\n]/g, " ");
}

/**
 * Word-wraps text into at most `maxLines` lines of at most `columns` characters. Newlines start a new line,
 * runs of spaces collapse, a word longer than a line is cut, and text that does not fit ends in "...".
 */
export function wrapLines(text: string, columns: number, maxLines: number): string[][] {
  const lines: string[][] = [];
  for (const paragraph of text.split("\n")) {
    let line: string[] = [];
    for (const word of paragraph.split(" ")) {
      let rest = Array.from(word);
      if (rest.length === 0) continue;
      if (line.length > 0 && line.length + 1 + rest.length <= columns) {
        line.push(" ", ...rest);
        continue;
      }
      if (line.length > 0) lines.push(line);
      for (; rest.length > columns; rest = rest.slice(columns)) lines.push(rest.slice(0, columns));
      line = rest;
    }
    lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = [...kept[maxLines - 1]!.slice(0, Math.max(0, columns - 3)), ".", ".", "."];
  return kept;
}

/** Draws one character at (x, y), each font pixel a `scale` x `scale` square, clipped to `clip`. */
function drawGlyph(raster: Raster, char: string, x: number, y: number, scale: number, color: Rgb, clip: Bounds): void {
  const { rows, drop } = glyphOf(char);
  for (let row = 0; row < GLYPH_HEIGHT; row++) {
    const bits = rows[row]!;
    if (bits === 0) continue;
    const top = y + (row + drop) * scale;
    const bottom = Math.min(top + scale, clip.bottom);
    const clippedTop = Math.max(top, clip.top);
    if (clippedTop >= bottom) continue;
    for (let col = 0; col < GLYPH_WIDTH; col++) {
      if ((bits & (1 << (GLYPH_WIDTH - 1 - col))) === 0) continue;
      const left = x + col * scale;
      raster.fillRect(Math.max(left, clip.left), clippedTop, Math.min(left + scale, clip.right), bottom, color);
    }
  }
}

/** Draws wrapped lines left-aligned and vertically centred in `box`, clipped to it. */
export function drawLines(raster: Raster, lines: string[][], box: Bounds, scale: number, color: Rgb): void {
  // Centre the cap height of the block; descenders of the last line hang below it.
  const blockHeight = ((lines.length - 1) * LINE_HEIGHT + GLYPH_HEIGHT) * scale;
  let y = box.top + Math.max(0, Math.floor((box.bottom - box.top - blockHeight) / 2));
  for (const line of lines) {
    let x = box.left;
    for (const char of line) {
      if (char !== " ") drawGlyph(raster, char, x, y, scale, color, box);
      x += CELL_WIDTH * scale;
    }
    y += LINE_HEIGHT * scale;
  }
}
