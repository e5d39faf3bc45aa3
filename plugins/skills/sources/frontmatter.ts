/** The frontmatter of a SKILL.md (spec/002 "Format"): single-line keys; `metadata` is a single-line JSON object. */
export interface SkillFrontmatter {
  name?: string;
  description?: string;
  metadata?: Record<string, unknown>;
  /** Every key as written, unquoted (homepage, user-invocable, ...). */
  fields: Record<string, string>;
  /** Problems a validator reports (unparseable metadata); loading goes on without the bad field. */
  problems: string[];
}

const unquote = (value: string) => {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) {
    if (v.startsWith('"')) {
      try {
        return JSON.parse(v) as string;
      } catch {
        return v.slice(1, -1);
      }
    }
    return v.slice(1, -1).replace(/''/g, "'");
  }
  return v;
};

/** Reads the `---` block at the top of a SKILL.md; a file without one has empty frontmatter. */
export function parseFrontmatter(text: string): SkillFrontmatter {
  const result: SkillFrontmatter = { fields: {}, problems: [] };
  const body = text.replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(body);
  if (!match) return result;
  for (const line of match[1]!.split(/\r?\n/)) {
    if (line.trim() === "" || line.trimStart().startsWith("#") || /^\s/.test(line)) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim();
    const value = unquote(line.slice(colon + 1));
    result.fields[key] = value;
    if (key === "name") result.name = value;
    else if (key === "description") result.description = value;
    else if (key === "metadata" && value !== "") {
      try {
        const parsed: unknown = JSON.parse(value);
        if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
          result.metadata = parsed as Record<string, unknown>;
        else result.problems.push("metadata must be a JSON object");
      } catch (error) {
        result.problems.push(`metadata is not single-line JSON: ${(error as Error).message}`);
      }
    }
  }
  return result;
}
