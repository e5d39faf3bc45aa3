import { describe, expect, it } from "vitest";
import {
  expandWord,
  parseScript,
  type Script,
  type ShellCommand,
  type SimpleCommand,
} from "../../../../../android/virtual/shell/index.ts";

const vars = new Map([
  ["HOME", "/"],
  ["SPACED", " a  b "],
  ["EMPTY", ""],
]);
const lookup = (name: string) => (name === "?" ? "7" : vars.get(name));

/**
 * Each command of the script as its expanded argv, with `&&`/`||` marked between links; a loop as
 * `while{condition}do{body}` with each list's commands separated by `/`.
 */
function argvs(script: Script): string[][] {
  const show = (c: ShellCommand): string =>
    c.kind === "simple"
      ? c.words.flatMap((w) => expandWord(w, lookup)).join("|")
      : `${c.until ? "until" : "while"}{${argvs(c.condition).flat().join("/")}}do{${argvs(c.body).flat().join("/")}}`;
  return script.map((list) =>
    [list.first, ...list.rest.map((r) => r.command)].flatMap((c, i) => [
      ...(i > 0 ? [list.rest[i - 1]!.op] : []),
      show(c),
    ]),
  );
}

function simple(c: ShellCommand | undefined): SimpleCommand {
  if (c?.kind !== "simple") throw new Error(`expected a simple command, got ${c?.kind}`);
  return c;
}

function parse(line: string): Script {
  const result = parseScript(line);
  if (!result.ok) throw new Error(`unexpected syntax error: ${result.message}`);
  return result.script;
}

describe("parseScript: quoting and expansion", () => {
  const table: Array<[string, string[][]]> = [
    ["echo a b", [["echo|a|b"]]],
    ["echo   'a  b'", [["echo|a  b"]]],
    [`echo "a  b"`, [["echo|a  b"]]],
    [`echo 'it'"'"'s'`, [["echo|it's"]]],
    [`echo "\\$HOME \\\\ \\" \\x \\\`"`, [[`echo|$HOME \\ " \\x \``]]],
    [`echo a\\ b \\'q`, [["echo|a b|'q"]]],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, expanded by the parser under test
    ["echo $HOME ${HOME}x", [["echo|/|/x"]]],
    [`echo '$HOME' "$HOME"`, [["echo|$HOME|/"]]],
    ["echo $SPACED", [["echo|a|b"]]],
    [`echo "$SPACED"`, [["echo| a  b "]]],
    ["echo $EMPTY x", [["echo|x"]]],
    [`echo "$EMPTY" x`, [["echo||x"]]],
    ["echo $? $UNSET", [["echo|7"]]],
    ["echo $ a$", [["echo|$|a$"]]],
    ["echo a # comment", [["echo|a"]]],
    ["echo a\\\nb", [["echo|ab"]]],
    [`echo "line\nbreak"`, [["echo|line\nbreak"]]],
  ];
  it.each(table)("%j", (line, expected) => {
    expect(argvs(parse(line))).toEqual(expected);
  });

  it("keeps a hostile single-quoted payload byte-for-byte", () => {
    const payload = `{"text":"it's $(rm -rf /) \`id\` ; && || > < | & \\\\ \\n\n 😀 \u00e9 \\"q\\" $HOME"}`;
    const quoted = `'${payload.replaceAll("'", `'"'"'`)}'`;
    const script = parse(`am broadcast --es payload ${quoted} --receiver-foreground`);
    const words = simple(script[0]!.first).words.map((w) => expandWord(w, lookup));
    expect(words[4]).toEqual([payload]);
    expect(Buffer.from(words[4]![0]!)).toEqual(Buffer.from(payload));
  });
});

describe("parseScript: lists, redirections and assignments", () => {
  it("splits on ; && || and newlines", () => {
    expect(argvs(parse("a; b && c || d\ne;"))).toEqual([["a"], ["b", "&&", "c", "||", "d"], ["e"]]);
    expect(argvs(parse("a &&\n b"))).toEqual([["a", "&&", "b"]]);
    expect(argvs(parse("\n\na\n\n"))).toEqual([["a"]]);
  });

  it("reads redirections with and without fds, spaced or not", () => {
    const [list] = parse("cmd >/dev/null 2>/dev/null 2>&1 > out.txt >> log.txt < /dev/null 2> err");
    expect(simple(list!.first).words.flatMap((w) => expandWord(w, lookup))).toEqual(["cmd"]);
    expect(simple(list!.first).redirects.map((r) => [r.fd, r.op, expandWord(r.target, lookup).join("")])).toEqual([
      [1, ">", "/dev/null"],
      [2, ">", "/dev/null"],
      [2, ">&", "1"],
      [1, ">", "out.txt"],
      [1, ">>", "log.txt"],
      [0, "<", "/dev/null"],
      [2, ">", "err"],
    ]);
  });

  it("reads NAME=value prefixes as assignments, but not after the command name", () => {
    const [list] = parse(`A=1 B="x y" cmd C=3`);
    expect(simple(list!.first).assignments.map((a) => [a.name, expandWord(a.value, lookup).join("")])).toEqual([
      ["A", "1"],
      ["B", "x y"],
    ]);
    expect(simple(list!.first).words.flatMap((w) => expandWord(w, lookup))).toEqual(["cmd", "C=3"]);
    expect(simple(parse("'A=1' cmd")[0]!.first).assignments).toEqual([]);
  });

  it("parses the adb server's logcat command line", () => {
    const script = parse(`export ANDROID_LOG_TAGS="''"; exec logcat '-v' 'time'`);
    expect(argvs(script)).toEqual([["export|ANDROID_LOG_TAGS=''"], ["exec|logcat|-v|time"]]);
  });
});

describe("parseScript: while and until loops", () => {
  it("reads while/until loops with lists for condition and body, as one link of a chain", () => {
    expect(argvs(parse("while getprop sys.boot_completed 2>/dev/null; do sleep 1; done"))).toEqual([
      ["while{getprop|sys.boot_completed}do{sleep|1}"],
    ]);
    expect(argvs(parse("until a\nb; do\n c; d\ndone && e; f"))).toEqual([["until{a/b}do{c/d}", "&&", "e"], ["f"]]);
    expect(argvs(parse("while a; do while b; do c; done; done"))).toEqual([["while{a}do{while{b}do{c}}"]]);
  });

  it("keeps do and done as plain words outside a command's start, and quoted", () => {
    expect(argvs(parse("echo while do done"))).toEqual([["echo|while|do|done"]]);
    expect(argvs(parse("while a; do echo done; done"))).toEqual([["while{a}do{echo|done}"]]);
    expect(argvs(parse("'done'"))).toEqual([["done"]]);
  });

  it("applies redirections after done to the loop", () => {
    const [list] = parse("while a; do b; done 2>/dev/null >out");
    const loop = list!.first;
    expect(loop.kind).toBe("loop");
    expect(loop.redirects.map((r) => [r.fd, r.op, expandWord(r.target, lookup).join("")])).toEqual([
      [2, ">", "/dev/null"],
      [1, ">", "out"],
    ]);
  });
});

describe("parseScript: syntax errors", () => {
  const table: Array<[string, string]> = [
    ["echo 'abc", "unterminated quote"],
    [`echo "abc`, "unterminated quote"],
    ["echo a; ; b", "';' unexpected"],
    ["&& b", "'&&' unexpected"],
    ["a &&", "newline unexpected"],
    ["echo >", "newline unexpected"],
    ["echo > ;", "';' unexpected"],
    ["echo ${HOME", "missing }"],
    ["a | b", "'|' is not supported by the virtual device"],
    ["echo $(id)", "'$(' is not supported by the virtual device"],
    ["echo `id`", "'`' is not supported by the virtual device"],
    ["while true; do sleep 1", "newline unexpected"],
    ["while true", "newline unexpected"],
    ["while do x; done", "'do' unexpected"],
    ["while a; do; done", "';' unexpected"],
    ["done", "'done' unexpected"],
    ["while a; do b; done c", "'word' unexpected"],
  ];
  it.each(table)("%j → %s", (line, message) => {
    expect(parseScript(line)).toEqual({ ok: false, message });
  });
});
