import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { HierarchyParseError, parseHierarchy, type UiHierarchy, type UiNode } from "../tree/index.ts";
import type { IssueList } from "./scenario-error.ts";

type Path = ReadonlyArray<string | number>;

/** Reads `file:` references relative to the scenario file; built-in scenarios have no directory and inline all XML. */
export class XmlSources {
  constructor(
    private readonly baseDir: string | undefined,
    private readonly issues: IssueList,
  ) {}

  /** A screen: `hierarchy_xml` inline or `file`. Undefined (with an issue) when it cannot be read or parsed. */
  hierarchy(source: { hierarchy_xml?: string; file?: string }, path: Path): UiHierarchy | undefined {
    const text = source.file === undefined ? source.hierarchy_xml : this.#read(source.file, [...path, "file"]);
    if (text === undefined) return undefined;
    return this.#parse(
      () => parseHierarchy(text),
      [...path, source.file === undefined ? "hierarchy_xml" : "file"],
      source.file,
    );
  }

  /** A page of a scroll container: `<node>` elements (or a whole dump, whose windows become the children). */
  fragment(page: string | { file: string }, path: Path): UiNode[] | undefined {
    const text = typeof page === "string" ? page : this.#read(page.file, [...path, "file"]);
    if (text === undefined) return undefined;
    const xml = /<hierarchy[\s/>]/.test(text) ? text : `<hierarchy rotation="0">${text}</hierarchy>`;
    return this.#parse(
      () => parseHierarchy(xml).windows,
      typeof page === "string" ? path : [...path, "file"],
      typeof page === "string" ? undefined : page.file,
    );
  }

  #read(file: string, path: Path): string | undefined {
    if (this.baseDir === undefined) {
      this.issues.add(
        path,
        "file references need a scenario file to be relative to; inline the XML as hierarchy_xml instead",
      );
      return undefined;
    }
    const absolute = resolve(this.baseDir, file);
    try {
      return readFileSync(absolute, "utf8");
    } catch (error) {
      this.issues.add(
        path,
        `cannot read ${absolute}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
      return undefined;
    }
  }

  #parse<T>(parse: () => T, path: Path, file: string | undefined): T | undefined {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof HierarchyParseError)) throw error;
      this.issues.add(path, file === undefined ? error.message : `${file}: ${error.message}`);
      return undefined;
    }
  }
}
