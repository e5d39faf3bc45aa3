/** Where a text stops being JSON (or YAML), and why: 1-based line and column. */
export interface SyntaxProblem {
  reason: string;
  line: number;
  column: number;
}

class Stop extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(reason);
  }
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * Finds the first JSON syntax error in `text`, or undefined when it parses. cosmiconfig's JSON loader (and
 * Node 20's JSON.parse) report neither line nor column; a person editing a config needs both. A scanner over
 * one value at a time with an explicit stack, so a hostile file nests as deep as it likes. `quote: false` keeps
 * the text out of the reason (the file may be one the reader should not see, such as /etc/shadow).
 */
export function jsonSyntaxProblem(text: string, { quote = true } = {}): SyntaxProblem | undefined {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const describe = (i: number) =>
    i >= text.length ? "end of file" : quote ? `character ${JSON.stringify(text[i])}` : "character";
  const skip = () => {
    while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  };
  const string = () => {
    const start = at++;
    for (;;) {
      if (at >= text.length) throw new Stop("unterminated string", start);
      const c = text.charCodeAt(at);
      if (c === 0x22) return void at++;
      if (c < 0x20) throw new Stop("unescaped control character in a string", at);
      if (c === 0x5c) {
        const e = text[at + 1];
        if (e === "u" ? !/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6)) : !e || !'"\\/bfnrt'.includes(e))
          throw new Stop("invalid escape in a string", at);
        at += e === "u" ? 6 : 2;
      } else at++;
    }
  };
  // A value: containers push what they expect next; scalars are consumed at once.
  type Expect = "object-key" | "object-next" | "array-first" | "array-next";
  const stack: Expect[] = [];
  const value = () => {
    skip();
    const c = text[at];
    if (c === "{") {
      at++;
      skip();
      if (text[at] === "}") return void at++;
      stack.push("object-key");
    } else if (c === "[") {
      at++;
      skip();
      if (text[at] === "]") return void at++;
      stack.push("array-first");
    } else if (c === '"') string();
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
      NUMBER.lastIndex = at;
      if (!NUMBER.test(text)) throw new Stop("invalid number", at);
      at = NUMBER.lastIndex;
    } else {
      const word = ["true", "false", "null"].find((w) => text.startsWith(w, at));
      if (!word) throw new Stop(`unexpected ${describe(at)}; expected a value`, at);
      at += word.length;
    }
  };
  try {
    value();
    while (stack.length > 0) {
      skip();
      const top = stack[stack.length - 1]!;
      if (top === "object-key") {
        if (text[at] !== '"')
          throw new Stop(`unexpected ${describe(at)}; expected a property name in double quotes`, at);
        string();
        skip();
        if (text[at] !== ":") throw new Stop(`unexpected ${describe(at)}; expected ":" after a property name`, at);
        at++;
        stack[stack.length - 1] = "object-next";
        value();
      } else {
        const close = top === "object-next" ? "}" : "]";
        if (top === "array-first") {
          stack[stack.length - 1] = "array-next";
          value();
        } else if (text[at] === close) {
          at++;
          stack.pop();
        } else if (text[at] === ",") {
          const comma = at++;
          skip();
          if (text[at] === close) throw new Stop(`trailing comma before "${close}"`, comma);
          if (top === "object-next") stack[stack.length - 1] = "object-key";
          else value();
        } else throw new Stop(`unexpected ${describe(at)}; expected "," or "${close}"`, at);
      }
    }
    skip();
    if (at < text.length) throw new Stop(`unexpected ${describe(at)} after the end of the JSON value`, at);
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const before = text.slice(0, error.offset).split("\n");
    return { reason: error.reason, line: before.length, column: before[before.length - 1]!.length + 1 };
  }
}

/**
 * JSON.parse, or where the text stops being JSON and why, never quoting it: JSON.parse's own message echoes the
 * text around the error, and the text may be any file the user can read.
 */
export function parseJson(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    const syntax = jsonSyntaxProblem(text, { quote: false });
    if (syntax) return { problem: `line ${syntax.line}, column ${syntax.column}: ${syntax.reason}` };
    // The scanner passes over a byte order mark, as editors do; JSON.parse does not.
    return { problem: text.startsWith("\ufeff") ? "line 1, column 1: a byte order mark" : "not JSON" };
  }
}
