import type { RedirectOp, Word, WordPart } from "./script-ast.ts";

export type Token =
  | { kind: "word"; word: Word /** The leading unquoted text, for spotting `NAME=` assignments. */; bare: string }
  | { kind: "op"; op: ";" | "&&" | "||" | "\n" }
  | { kind: "redirect"; fd: number; op: RedirectOp };

export class ShellSyntaxError extends Error {}

/** Shell features real sh has that the virtual device does not run; refused rather than misread. */
const UNSUPPORTED = new Set(["|", "&", "(", ")", "`"]);

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAMS = new Set(["?", "$", "#", "!", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);

/** Splits a command line into words and operators with sh quoting rules (single, double, backslash). */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const peek = (offset = 0) => line[i + offset];

  const readParam = (parts: WordPart[], quoted: boolean): boolean => {
    const next = peek(1);
    if (next === "{") {
      const close = line.indexOf("}", i + 2);
      if (close < 0) throw new ShellSyntaxError("missing }");
      const name = line.slice(i + 2, close);
      if (!/^([A-Za-z_][A-Za-z0-9_]*|[?$#!0-9])$/.test(name))
        throw new ShellSyntaxError(`\${${name}}: bad substitution`);
      parts.push({ kind: "param", name, quoted });
      i = close + 1;
      return true;
    }
    if (next === "(") throw new ShellSyntaxError("'$(' is not supported by the virtual device");
    if (next !== undefined && SPECIAL_PARAMS.has(next)) {
      parts.push({ kind: "param", name: next, quoted });
      i += 2;
      return true;
    }
    if (next !== undefined && NAME_START.test(next)) {
      let end = i + 2;
      while (end < line.length && NAME_CHAR.test(line[end]!)) end++;
      parts.push({ kind: "param", name: line.slice(i + 1, end), quoted });
      i = end;
      return true;
    }
    return false;
  };

  while (i < line.length) {
    const c = peek()!;
    if (c === " " || c === "\t") {
      i++;
      continue;
    }
    if (c === "\\" && peek(1) === "\n") {
      i += 2;
      continue;
    }
    if (c === "#") {
      while (i < line.length && line[i] !== "\n") i++;
      continue;
    }
    if (c === "\n" || c === ";") {
      tokens.push({ kind: "op", op: c });
      i++;
      continue;
    }
    if ((c === "&" || c === "|") && peek(1) === c) {
      tokens.push({ kind: "op", op: c === "&" ? "&&" : "||" });
      i += 2;
      continue;
    }
    const redirect = /^(\d?)(>>|>&|>|<)/.exec(line.slice(i, i + 3));
    if (redirect) {
      tokens.push({
        kind: "redirect",
        fd: redirect[1] ? Number(redirect[1]) : redirect[2] === "<" ? 0 : 1,
        op: redirect[2] as RedirectOp,
      });
      i += redirect[0].length;
      continue;
    }
    if (UNSUPPORTED.has(c)) throw new ShellSyntaxError(`'${c}' is not supported by the virtual device`);
    tokens.push(readWord());
  }
  return tokens;

  function readWord(): Token {
    const parts: WordPart[] = [];
    let quoted = false;
    let bare = "";
    let text = "";
    const flush = () => {
      if (text) parts.push({ kind: "text", text });
      text = "";
    };
    while (i < line.length) {
      const c = line[i]!;
      if (" \t\n;<>".includes(c) || ((c === "&" || c === "|") && line[i + 1] === c)) break;
      if (UNSUPPORTED.has(c)) throw new ShellSyntaxError(`'${c}' is not supported by the virtual device`);
      if (c === "'") {
        const close = line.indexOf("'", i + 1);
        if (close < 0) throw new ShellSyntaxError("unterminated quote");
        text += line.slice(i + 1, close);
        quoted = true;
        i = close + 1;
      } else if (c === '"') {
        quoted = true;
        i++;
        for (;;) {
          if (i >= line.length) throw new ShellSyntaxError("unterminated quote");
          const d = line[i]!;
          if (d === '"') {
            i++;
            break;
          }
          if (d === "\\" && i + 1 < line.length && '$`"\\\n'.includes(line[i + 1]!)) {
            if (line[i + 1] !== "\n") text += line[i + 1];
            i += 2;
          } else if (d === "$") {
            flush();
            if (!readParam(parts, true)) {
              text += d;
              i++;
            }
          } else if (d === "`") {
            throw new ShellSyntaxError("'`' is not supported by the virtual device");
          } else {
            text += d;
            i++;
          }
        }
      } else if (c === "\\") {
        if (i + 1 >= line.length) {
          i++;
          continue;
        }
        if (line[i + 1] !== "\n") text += line[i + 1];
        quoted = true;
        i += 2;
      } else if (c === "$") {
        flush();
        if (!readParam(parts, false)) {
          text += c;
          i++;
        }
      } else {
        text += c;
        if (!quoted && parts.length === 0) bare += c;
        i++;
      }
    }
    flush();
    return { kind: "word", word: { parts, quoted }, bare };
  }
}
