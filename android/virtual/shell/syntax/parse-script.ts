import type { AndOrList, ParseResult, Script, SimpleCommand } from "./script-ast.ts";
import { ShellSyntaxError, tokenize, type Token } from "./tokenize.ts";

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

const describe = (token: Token | undefined): string =>
  token === undefined || (token.kind === "op" && token.op === "\n")
    ? "newline"
    : token.kind === "op"
      ? token.op
      : token.kind === "redirect"
        ? `${token.op}`
        : "word";

/**
 * Parses a device-shell command line (mksh's grammar, without pipes, subshells or command substitution):
 * `;`/newline-separated lists of `&&`/`||` chains of simple commands with assignments and redirections.
 */
export function parseScript(line: string): ParseResult {
  try {
    return { ok: true, script: parseTokens(tokenize(line)) };
  } catch (error) {
    if (error instanceof ShellSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}

function parseTokens(tokens: Token[]): Script {
  let i = 0;
  const script: Script = [];
  const unexpected = (token: Token | undefined) => new ShellSyntaxError(`'${describe(token)}' unexpected`);

  const command = (): SimpleCommand => {
    const result: SimpleCommand = { assignments: [], words: [], redirects: [] };
    for (;;) {
      const token = tokens[i];
      if (token?.kind === "redirect") {
        const target = tokens[i + 1];
        if (target?.kind !== "word")
          throw target === undefined ? new ShellSyntaxError("newline unexpected") : unexpected(target);
        result.redirects.push({ fd: token.fd, op: token.op, target: target.word });
        i += 2;
      } else if (token?.kind === "word") {
        const assignment = result.words.length === 0 ? ASSIGNMENT.exec(token.bare) : null;
        if (assignment) {
          const [first, ...others] = token.word.parts;
          const rest = (first as { text: string }).text.slice(assignment[0].length);
          result.assignments.push({
            name: assignment[1]!,
            value: { parts: rest ? [{ kind: "text", text: rest }, ...others] : others, quoted: true },
          });
        } else result.words.push(token.word);
        i++;
      } else break;
    }
    if (result.words.length === 0 && result.assignments.length === 0 && result.redirects.length === 0) {
      throw tokens[i] === undefined ? new ShellSyntaxError("newline unexpected") : unexpected(tokens[i]);
    }
    return result;
  };

  while (i < tokens.length) {
    const token = tokens[i]!;
    if (token.kind === "op" && token.op === "\n") {
      i++;
      continue;
    }
    const list: AndOrList = { first: command(), rest: [] };
    for (;;) {
      const op = tokens[i];
      if (op?.kind !== "op" || (op.op !== "&&" && op.op !== "||")) break;
      i++;
      // sh lets a newline follow && and ||.
      while (tokens[i]?.kind === "op" && (tokens[i] as { op: string }).op === "\n") i++;
      list.rest.push({ op: op.op, command: command() });
    }
    script.push(list);
    const end = tokens[i];
    if (end === undefined) break;
    if (end.kind !== "op" || (end.op !== ";" && end.op !== "\n")) throw unexpected(end);
    i++;
  }
  return script;
}
