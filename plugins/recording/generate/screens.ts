import { HierarchyIndex, parseHierarchy } from "../../../android/hierarchy/index.ts";

/** A snapshot larger than this is not read (a phone's screen dump is tens of kilobytes). */
const MAX_SNAPSHOT_CHARS = 4 * 1024 * 1024;

/**
 * The screens a recording's snapshots show, each parsed once. A snapshot that is too large or not a hierarchy
 * (it came from a device) is no screen: the steps that needed it say so.
 */
export class Screens {
  readonly #parsed = new Map<string, HierarchyIndex | undefined>();

  of(snapshot: string | null): HierarchyIndex | undefined {
    if (snapshot === null || snapshot.length > MAX_SNAPSHOT_CHARS) return undefined;
    if (!this.#parsed.has(snapshot)) this.#parsed.set(snapshot, parse(snapshot));
    return this.#parsed.get(snapshot);
  }
}

function parse(snapshot: string): HierarchyIndex | undefined {
  try {
    return new HierarchyIndex(parseHierarchy(snapshot));
  } catch {
    // Malformed XML, or nesting deep enough to exhaust the stack: either way there is no screen to read.
    return undefined;
  }
}
