import { HierarchyIndex } from "./hierarchy-index.ts";
import { labelOf, type MatcherFields } from "./matcher.ts";
import type { UiHierarchy, UiNode } from "./types.ts";

/**
 * Text as a person compares it: compatibility-normalized (full-width forms, ligatures), Unicode hyphens and dashes
 * as "-" (Android writes "Wi‑Fi" with a non-breaking hyphen), runs of whitespace as one space, lower case.
 */
const fold = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Levenshtein distance, stopping early once it exceeds `max` (then any larger number). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, row[j]!);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/** How far `candidate` is from what was asked for; undefined when it is not close. */
function score(wanted: string, candidate: string): number | undefined {
  const a = fold(wanted);
  const b = fold(candidate);
  if (a === "" || b === "") return undefined;
  if (a === b) return 0;
  if (b.includes(a) || a.includes(b)) return 1 + Math.abs(a.length - b.length) / Math.max(a.length, b.length);
  const max = Math.max(1, Math.floor(a.length / 4));
  const d = distance(a, b, max);
  return d <= max ? 2 + d : undefined;
}

/**
 * The nodes of a screen whose label or content description is close to what a matcher that found nothing asked
 * for (another case, another hyphen, a typo, a part of it), best first, one per label, at most `limit`. A matcher
 * without a text field (a resource id or role alone) has none.
 */
export function nearMatches(hierarchy: UiHierarchy, matcher: MatcherFields, limit = 3): UiNode[] {
  const wanted = [
    matcher.textEquals,
    matcher.textContains,
    matcher.contentDescEquals,
    matcher.contentDescContains,
  ].filter((value): value is string => value !== undefined && value.trim() !== "");
  if (wanted.length === 0) return [];
  const found = new Map<string, { node: UiNode; score: number }>();
  for (const node of new HierarchyIndex(hierarchy).nodes) {
    const texts = [labelOf(node), node.attributes["content-desc"] ?? ""].filter(Boolean);
    let best: number | undefined;
    for (const want of wanted)
      for (const text of texts) {
        const s = score(want, text);
        if (s !== undefined && (best === undefined || s < best)) best = s;
      }
    const label = labelOf(node);
    if (best === undefined || label === "") continue;
    const known = found.get(label);
    if (!known || best < known.score) found.set(label, { node, score: best });
  }
  return [...found.values()]
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((entry) => entry.node);
}
