import type { RegistrySkill, SkillSearchQuery } from "../../../core/services/skills.ts";

const tokenize = (text: string) => text.split(/[^a-z0-9]+/).filter((t) => t !== "");

/** A keyword prepared once per search: lower-cased, and its tokens. */
interface Keyword {
  text: string;
  tokens: string[];
}

/** Every token of the keyword is a token of `lower`; the substring test first skips most texts without splitting. */
function hasTokens(lower: string, keyword: Keyword): boolean {
  if (keyword.tokens.length === 0) return false;
  for (const t of keyword.tokens) if (!lower.includes(t)) return false;
  const have = tokenize(lower);
  return keyword.tokens.every((t) => have.includes(t));
}

function lowerStrings(values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const v of values) if (typeof v === "string") out.push(v.toLowerCase());
  return out;
}

/**
 * The rank of a keyword match (spec/000 "skills search"), 1 best, 0 no match:
 * 1 exact keywords[] entry, 2 tokenized keywords[], 3 exact id or applicationId, 4 tokenized id or applicationId,
 * 5 substring in keywords[], 6 substring in id or applicationId, 7 substring in summary.
 */
function rank(skill: RegistrySkill, k: Keyword): number {
  const keywords = Array.isArray(skill.keywords) ? lowerStrings(skill.keywords) : [];
  const id = typeof skill.id === "string" ? skill.id.toLowerCase() : "";
  const app = typeof skill.applicationId === "string" ? skill.applicationId.toLowerCase() : "";
  if (keywords.includes(k.text)) return 1;
  if (keywords.some((w) => hasTokens(w, k))) return 2;
  if (id === k.text || app === k.text) return 3;
  if (hasTokens(id, k) || hasTokens(app, k)) return 4;
  if (keywords.some((w) => w.includes(k.text))) return 5;
  if (id.includes(k.text) || app.includes(k.text)) return 6;
  if (typeof skill.summary === "string" && skill.summary.toLowerCase().includes(k.text)) return 7;
  return 0;
}

export function keywordRank(skill: RegistrySkill, keyword: string): number {
  const text = keyword.toLowerCase();
  return rank(skill, { text, tokens: tokenize(text) });
}

/** Exact --app and --intent filters, then the keyword ranking; equal ranks keep registry order. */
export function searchSkills(skills: readonly RegistrySkill[], query: SkillSearchQuery): RegistrySkill[] {
  const keyword = query.keyword === undefined ? undefined : { text: query.keyword.toLowerCase(), tokens: tokenize(query.keyword.toLowerCase()) };
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
