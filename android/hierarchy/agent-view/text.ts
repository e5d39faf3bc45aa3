/** The longest text a line shows of one label; a longer one is cut with a marker saying how much was left out. */
export const MAX_LABEL_CHARS = 80;

/** One line's worth of text: runs of white space (line breaks too) as one space, trimmed. */
export const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** A label as a line shows it: on one line, quoted, cut after MAX_LABEL_CHARS code points with `…(+N chars)`. */
export function quoted(text: string): string {
  const points = Array.from(oneLine(text));
  if (points.length <= MAX_LABEL_CHARS) return `"${points.join("")}"`;
  return `"${points.slice(0, MAX_LABEL_CHARS).join("")}…(+${points.length - MAX_LABEL_CHARS} chars)"`;
}
