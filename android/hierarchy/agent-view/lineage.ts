/**
 * The refs a sequence of views of one device has handed out (a screen lineage): a node that is still there keeps
 * its ref from view to view, a new node gets the next number, and a number once given is never reused. A node is
 * "still there" when its identity is: its window's app, its kind, its first label (or its id's name), and which
 * occurrence of that it is in document order; its state, its value, its other labels and where it is may change.
 */
export interface RefLineage {
  /** The number the next new ref gets: e<next>. Every ref below it was issued. */
  next: number;
  /** Identity → ref, oldest first (an identity seen again moves to the end). */
  refs: Map<string, string>;
}

/** A lineage as JSON keeps it. */
export interface StoredLineage {
  next: number;
  refs: Array<[string, string]>;
}

/** Identities kept; beyond this the oldest not on the current screen are forgotten (their refs stay issued). */
const MAX_IDENTITIES = 4_000;

export const newLineage = (): RefLineage => ({ next: 1, refs: new Map() });

export const storeLineage = (lineage: RefLineage): StoredLineage => ({
  next: lineage.next,
  refs: [...lineage.refs],
});

/** A stored lineage, checked; anything else starts a new one. */
export function loadLineage(raw: unknown): RefLineage {
  const stored = raw as Partial<StoredLineage> | null;
  if (typeof stored?.next !== "number" || !Number.isSafeInteger(stored.next) || stored.next < 1) return newLineage();
  const refs = new Map<string, string>();
  for (const entry of Array.isArray(stored.refs) ? stored.refs : []) {
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || typeof entry[1] !== "string") continue;
    const n = Number(entry[1].slice(1));
    if (/^e[1-9]\d*$/.test(entry[1]) && n < stored.next) refs.set(entry[0], entry[1]);
  }
  return { next: stored.next, refs };
}

/** Whether the lineage ever issued `ref`. */
export const issued = (lineage: RefLineage, ref: string): boolean => Number(ref.slice(1)) < lineage.next;

/**
 * The ref of each identity of a new view, in order: kept from the lineage when it has one, else the next number.
 * The lineage is updated in place.
 */
export function assignRefs(lineage: RefLineage, identities: readonly string[]): string[] {
  const refs = identities.map((identity) => {
    const known = lineage.refs.get(identity);
    lineage.refs.delete(identity);
    const ref = known ?? `e${lineage.next++}`;
    lineage.refs.set(identity, ref);
    return ref;
  });
  if (lineage.refs.size > MAX_IDENTITIES) {
    const current = new Set(identities);
    for (const identity of lineage.refs.keys()) {
      if (lineage.refs.size <= MAX_IDENTITIES) break;
      if (!current.has(identity)) lineage.refs.delete(identity);
    }
  }
  return refs;
}
