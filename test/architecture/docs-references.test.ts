import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { execaSync } from "execa";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "../../core/contracts/error-codes.ts";
import { REPO_ROOT } from "../helpers/cli-paths.ts";

/**
 * The repository cites only what it holds: no path to design documents kept outside it, and every `docs/…` file and
 * `#anchor` it names exists. Patterns are assembled from parts so this file does not match itself.
 */
const OUTSIDE = new RegExp(
  [
    ["\\.\\.", "shared"].join("/"),
    `\\b(?:${["DESIGN", "PROTOCOL", "RECORDING"].join("|")})\\.md\\b`,
    ["\\bspec", "00\\d"].join("/"),
  ].join("|"),
);
/** Where benchmark figures and their history live, quoted as they were measured. */
const EXEMPT = new Set(["bench/RESULTS.md"]);
/** `docs/<file>.md` or `docs/<file>.md#anchor` named from anywhere (code comments, tests, scripts, markdown). */
const DOCS_REF = /(?<![\w./-])docs\/([\w.-]+\.md)(?:#([\w-]+))?/g;
/** A relative markdown link (`[text](file.md#anchor)`, `[text](#anchor)`), checked from the file it is in. */
const MD_LINK = /\]\((?!https?:|mailto:)([^)\s#]*)(?:#([^)\s]+))?\)/g;

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to `-`, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

interface Problem {
  file: string;
  line: number;
  text: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** References in one file that point outside the repository or at a docs file or anchor that does not exist. */
function problemsIn(
  file: string,
  text: string,
  read: (path: string) => string | undefined,
): { outside: Problem[]; broken: Problem[] } {
  const outside: Problem[] = [];
  const broken: Problem[] = [];
  text.split("\n").forEach((content, index) => {
    if (OUTSIDE.test(content)) outside.push({ file, line: index + 1, text: content.trim().slice(0, 160) });
  });
  const check = (target: string, anchor: string | undefined, at: number, shown: string) => {
    const doc = read(target);
    if (doc === undefined || (anchor !== undefined && !anchorsOf(doc).has(anchor))) {
      broken.push({ file, line: lineOf(text, at), text: shown });
    }
  };
  for (const match of text.matchAll(DOCS_REF)) check(`docs/${match[1]}`, match[2], match.index, match[0]);
  if (file.endsWith(".md")) {
    for (const match of text.matchAll(MD_LINK)) {
      const [shown, path, anchor] = match;
      const target =
        path === ""
          ? file
          : normalize(join(dirname(file), path!))
              .split("\\")
              .join("/");
      if (path !== "" && !/\.md$/.test(target)) continue;
      check(target, anchor, match.index, shown);
    }
  }
  return { outside, broken };
}

function trackedTextFiles(): string[] {
  const listed = execaSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT }).stdout.split("\0");
  return listed.filter((path) => {
    if (path === "" || EXEMPT.has(path)) return false;
    const absolute = join(REPO_ROOT, path);
    if (!existsSync(absolute) || !statSync(absolute).isFile()) return false;
    return !readFileSync(absolute).subarray(0, 8000).includes(0);
  });
}

function readRepoFile(path: string): string | undefined {
  const absolute = join(REPO_ROOT, path);
  if (relative(REPO_ROOT, absolute).startsWith("..") || !existsSync(absolute)) return undefined;
  return statSync(absolute).isFile() ? readFileSync(absolute, "utf8") : undefined;
}

describe("references in the repository", () => {
  const files = trackedTextFiles();
  const results = files.map((file) => problemsIn(file, readFileSync(join(REPO_ROOT, file), "utf8"), readRepoFile));
  const show = (problems: Problem[]) => problems.map((p) => `${p.file}:${p.line}: ${p.text}`);

  it("scans the tracked text files, docs included", () => {
    expect(files).toContain("docs/protocol.md");
    expect(files).toContain("core/contracts/error-codes.ts");
  });

  it("name no document outside the repository", () => {
    expect(show(results.flatMap((r) => r.outside))).toEqual([]);
  });

  it("name only docs files and anchors that exist", () => {
    expect(show(results.flatMap((r) => r.broken))).toEqual([]);
  });

  it("docs/errors.md describes every code of the catalogue", () => {
    const doc = readFileSync(join(REPO_ROOT, "docs/errors.md"), "utf8");
    expect(Object.keys(ERROR_CATALOGUE).filter((code) => !doc.includes(`| \`${code}\` |`))).toEqual([]);
  });
});

describe("the reference checker", () => {
  // Fixture paths are assembled so that this file names no docs file of its own.
  const d = (rest: string) => ["docs", rest].join("/");
  const docs: Record<string, string> = {
    [d("a.md")]: "# Title\n## The APK's log lines\n```\n# not a heading\n```\n## Same\n## Same\n",
  };
  const read = (path: string) => docs[path];

  it("makes GitHub's anchors", () => {
    expect([...anchorsOf(docs[d("a.md")]!)]).toEqual(["title", "the-apks-log-lines", "same", "same-1"]);
  });

  it("flags documents outside the repository", () => {
    const outsider = ["..", "shared", ["DESIGN", "md"].join(".")].join("/");
    expect(problemsIn("x.ts", `// see ${outsider}`, read).outside).toHaveLength(1);
    expect(problemsIn("x.ts", `// ${["spec", "001"].join("/")} "Limits"`, read).outside).toHaveLength(1);
    expect(problemsIn("x.ts", `// ${d("a.md#title")}`, read).outside).toEqual([]);
  });

  it("flags a docs file or anchor that does not exist, in code and in markdown links", () => {
    expect(problemsIn("x.ts", `// ${d("a.md#the-apks-log-lines")} and ${d("a.md")}`, read).broken).toEqual([]);
    expect(problemsIn("x.ts", `// ${d("a.md#nope")}`, read).broken).toHaveLength(1);
    expect(problemsIn("x.ts", `// ${d("missing.md")}`, read).broken).toHaveLength(1);
    const links = "[x](a.md#same-1) [y](#nope) [z](https://e.x/#q)";
    expect(problemsIn(d("b.md"), links, read).broken).toHaveLength(1);
  });
});
