/** A piece of a word: literal bytes (quoted or not), or a `$NAME` / `${NAME}` / `$?` reference. */
export type WordPart = { kind: "text"; text: string } | { kind: "param"; name: string; quoted: boolean };

export interface Word {
  parts: WordPart[];
  /** Had quotes, so it stays one (possibly empty) field whatever it expands to. */
  quoted: boolean;
}

export type RedirectOp = ">" | ">>" | "<" | ">&";

/** `[fd]op target`; for `>&` the target is the fd to duplicate (`2>&1`). */
export interface Redirect {
  fd: number;
  op: RedirectOp;
  target: Word;
}

export interface Assignment {
  name: string;
  value: Word;
}

export interface SimpleCommand {
  kind: "simple";
  assignments: Assignment[];
  words: Word[];
  redirects: Redirect[];
}

/** `while cond; do body; done` (`until`: while cond fails); redirections after `done` apply to the whole loop. */
export interface LoopCommand {
  kind: "loop";
  until: boolean;
  condition: Script;
  body: Script;
  redirects: Redirect[];
}

export type ShellCommand = SimpleCommand | LoopCommand;

/** `a && b || c`: run left to right, each link deciding on the previous exit code. */
export interface AndOrList {
  first: ShellCommand;
  rest: Array<{ op: "&&" | "||"; command: ShellCommand }>;
}

/** Lists separated by `;` or newlines. */
export type Script = AndOrList[];

export type ParseResult = { ok: true; script: Script } | { ok: false; message: string };
