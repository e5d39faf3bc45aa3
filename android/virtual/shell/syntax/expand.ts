import type { Word } from "./script-ast.ts";

export type ParamLookup = (name: string) => string | undefined;

const IFS = /[ \t\n]+/;

/**
 * A word's fields after parameter expansion. Unquoted parameters are split on whitespace and an unquoted word
 * that expands to nothing disappears, as in sh; quoted text always arrives exactly as written.
 */
export function expandWord(word: Word, lookup: ParamLookup): string[] {
  const fields: string[] = [];
  let current = "";
  let open = word.quoted;
  for (const part of word.parts) {
    if (part.kind === "text") {
      current += part.text;
      open = true;
      continue;
    }
    const value = lookup(part.name) ?? "";
    if (part.quoted) {
      current += value;
      continue;
    }
    const pieces = value.split(IFS);
    for (let k = 0; k < pieces.length; k++) {
      if (k > 0) {
        if (open || current) fields.push(current);
        current = "";
        open = false;
      }
      current += pieces[k];
      if (pieces[k]) open = true;
    }
  }
  if (open || current) fields.push(current);
  return fields;
}

/** An assignment's value: expanded, never split. */
export function expandString(word: Word, lookup: ParamLookup): string {
  let out = "";
  for (const part of word.parts) out += part.kind === "text" ? part.text : (lookup(part.name) ?? "");
  return out;
}
