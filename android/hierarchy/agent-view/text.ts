/** The longest text a line shows of one label; a longer one is cut with a marker saying how much was left out. */
export const MAX_LABEL_CHARS = 80;

/** One line's worth of text: runs of white space (line breaks too) as one space, trimmed. For comparing texts. */
export const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/**
 * What a label may not show as itself: controls (line breaks, ANSI escapes), invisible format characters (bidi
 * overrides, zero-width joiners), line and paragraph separators, lone surrogates, and the `[ref=` the outline marks
 * targets with.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]|\[(?=ref=)/giu;

const SHORT: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** Each UTF-16 unit as `\uXXXX` (a character beyond the BMP as its surrogate pair, as JSON writes it). */
const hex = (chars: string) =>
  SHORT[chars] ??
  chars
    .split("")
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .join("");

/**
 * Text as a JSON string literal that shows each character as itself except the unsafe ones, written `\uXXXX`:
 * screen text cannot end the quotes, start a line, mark a ref or hide what it says, and `JSON.parse` gives the text
 * back exactly.
 */
export function literal(text: string): string {
  const escaped = text.replace(/["\\]/g, (c) => `\\${c}`).replace(UNSAFE, hex);
  return `"${escaped}"`;
}

/**
 * A label as a line shows it: a string literal (`literal`) of the text, cut after MAX_LABEL_CHARS code points
 * with `…(+N chars)` inside the quotes.
 */
export function quoted(text: string): string {
  const points = Array.from(text);
  if (points.length <= MAX_LABEL_CHARS) return literal(text);
  return literal(`${points.slice(0, MAX_LABEL_CHARS).join("")}…(+${points.length - MAX_LABEL_CHARS} chars)`);
}

/** A name shown bare (`#search`, `window com.app`) when it is one plain word, else as a string literal. */
export const word = (name: string): string => (/^[\w.:/-]+$/.test(name) ? name : literal(name));
