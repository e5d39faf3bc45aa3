import type {
  AndOrList,
  LoopCommand,
  ParseResult,
  Redirect,
  Script,
  ShellCommand,
  SimpleCommand,
} from "./script-ast.ts";
import { ShellSyntaxError, tokenize, type Token } from "./tokenize.ts";

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

/** Reserved words the parser knows; like sh, they are reserved only unquoted and where a command starts. */
type ReservedWord = "while" | "until" | "do" | "done";
const RESERVED = new Set<string>(["while", "until", "do", "done"]);

const describe = (token: Token | undefined): string =>
  token === undefined || (token.kind === "op" && token.op === "\n")
    ? "newline"
    : token.kind === "op"
      ? token.op
      : token.kind === "redirect"
        ? `${token.op}`
        : "word";

const reservedWord = (token: Token | undefined): ReservedWord | undefined =>
  token?.kind === "word" && !token.word.quoted && token.word.parts.length === 1 && RESERVED.has(token.bare)
    ? (token.bare as ReservedWord)
    : undefined;

/**
 * Parses a device-shell command line (mksh's grammar, without pipes, subshells, command substitution, `if`, `for`
 * or `case`): `;`/newline-separated lists of `&&`/`||` chains of simple commands with assignments and
 * redirections, and `while`/`until` loops.
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
  const unexpected = (token: Token | undefined) =>
    token === undefined
      ? new ShellSyntaxError("newline unexpected")
      : new ShellSyntaxError(`'${reservedWord(token) ?? describe(token)}' unexpected`);
  const skipNewlines = () => {
    while (tokens[i]?.kind === "op" && (tokens[i] as { op: string }).op === "\n") i++;
  };

  const redirect = (into: Redirect[]): boolean => {
    const token = tokens[i];
    if (token?.kind !== "redirect") return false;
    const target = tokens[i + 1];
    if (target?.kind !== "word") throw unexpected(target);
    into.push({ fd: token.fd, op: token.op, target: target.word });
    i += 2;
    return true;
  };

  const simple = (): SimpleCommand => {
    const result: SimpleCommand = { kind: "simple", assignments: [], words: [], redirects: [] };
    for (;;) {
      const token = tokens[i];
      if (redirect(result.redirects)) continue;
      if (token?.kind !== "word") break;
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
    }
    if (result.words.length === 0 && result.assignments.length === 0 && result.redirects.length === 0) {
      throw unexpected(tokens[i]);
    }
    return result;
  };

  const loop = (until: boolean): LoopCommand => {
    i++;
    const condition = list("do");
    i++;
    const body = list("done");
    i++;
    const redirects: Redirect[] = [];
    while (redirect(redirects));
    if (tokens[i]?.kind === "word") throw unexpected(tokens[i]);
    return { kind: "loop", until, condition, body, redirects };
  };

  const command = (): ShellCommand => {
    const word = reservedWord(tokens[i]);
    if (word === "while" || word === "until") return loop(word === "until");
    if (word !== undefined) throw unexpected(tokens[i]);
    return simple();
  };

  /** Lists up to `end` (a reserved word, not consumed) or, without one, to the end of the line. */
  const list = (end?: ReservedWord): Script => {
    const script: Script = [];
    for (;;) {
      skipNewlines();
      if (end !== undefined && reservedWord(tokens[i]) === end && script.length > 0) return script;
      if (i >= tokens.length) {
        if (end === undefined) return script;
        throw unexpected(undefined);
      }
      const chain: AndOrList = { first: command(), rest: [] };
      for (;;) {
        const op = tokens[i];
        if (op?.kind !== "op" || (op.op !== "&&" && op.op !== "||")) break;
        i++;
        // sh lets a newline follow && and ||.
        skipNewlines();
        chain.rest.push({ op: op.op, command: command() });
      }
      script.push(chain);
      const next = tokens[i];
      if (next === undefined) continue;
      if (next.kind !== "op" || (next.op !== ";" && next.op !== "\n")) throw unexpected(next);
      i++;
    }
  };

  return list();
}
