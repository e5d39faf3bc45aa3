import type { RegistrySkill, SkillSearchQuery } from "../../../core/services/skills.ts";

const tokenize = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== "");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A keyword compiled once per search into case-insensitive patterns, so ranking 10,000 skills allocates no
 * lower-cased copies: `contains` for substrings, and one pattern per token that matches it between non-alphanumerics
 * (the same as splitting the text on [^a-z0-9]+ and finding the token among the parts).
 */
interface Keyword {
  length: number;
  contains: RegExp;
  tokens: RegExp[];
}

function compileKeyword(keyword: string): Keyword {
  return {
    length: keyword.length,
    contains: new RegExp(escapeRegExp(keyword), "i"),
    tokens: tokenize(keyword).map((t) => new RegExp(`(?:^|[^a-z0-9])${escapeRegExp(t)}(?:[^a-z0-9]|$)`, "i")),
  };
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const equals = (text: string, k: Keyword) => text.length === k.length && k.contains.test(text);
const hasTokens = (text: string, k: Keyword) => k.tokens.length > 0 && k.tokens.every((t) => t.test(text));

/**
 * The rank of a keyword match (docs/skills-registry.md#skills-search), 1 best, 0 no match:
 * 1 exact keywords[] entry, 2 tokenized keywords[], 3 exact id or applicationId, 4 tokenized id or applicationId,
 * 5 substring in keywords[], 6 substring in id or applicationId, 7 substring in summary.
 */
function rank(skill: RegistrySkill, k: Keyword): number {
  const keywords = Array.isArray(skill.keywords) ? (skill.keywords as unknown[]).map(str) : [];
  const id = str(skill.id);
  const app = str(skill.applicationId);
  if (keywords.some((w) => equals(w, k))) return 1;
  if (keywords.some((w) => hasTokens(w, k))) return 2;
  if (equals(id, k) || equals(app, k)) return 3;
  if (hasTokens(id, k) || hasTokens(app, k)) return 4;
  if (keywords.some((w) => k.contains.test(w))) return 5;
  if (k.contains.test(id) || k.contains.test(app)) return 6;
  if (k.contains.test(str(skill.summary))) return 7;
  return 0;
}

export function keywordRank(skill: RegistrySkill, keyword: string): number {
  return rank(skill, compileKeyword(keyword));
}

/** Exact --app and --intent filters, then the keyword ranking; equal ranks keep registry order. */
export function searchSkills(skills: readonly RegistrySkill[], query: SkillSearchQuery): RegistrySkill[] {
  const keyword = query.keyword === undefined ? undefined : compileKeyword(query.keyword);
  // One bucket per rank, each in registry order: a stable ranking without a sort.
  const buckets: RegistrySkill[][] = [[], [], [], [], [], [], [], []];
  for (const skill of skills) {
    if (query.app !== undefined && skill.applicationId !== query.app) continue;
    if (query.intent !== undefined && skill.intent !== query.intent) continue;
    const r = keyword ? rank(skill, keyword) : 1;
    if (r > 0) buckets[r]!.push(skill);
  }
  return buckets.flat();
}
