import JSON5 from "json5";
import yaml from "js-yaml";

/** Why a SKILL.md's frontmatter cannot be used, and where (1-based line of the file). */
export interface FrontmatterProblem {
  reason: string;
  line?: number;
}

/**
 * The frontmatter of a SKILL.md as the AgentSkills ecosystem writes it (YAML: block and flow styles, multi-line
 * values, quoted keys). `fields` holds every top-level key as OpenClaw reads it: a scalar as trimmed text, a
 * structure as JSON. `metadata` is the parsed `metadata` value, whether written as a YAML mapping, one line of JSON
 * or a multi-line JSON5 block (trailing commas, comments).
 */
export interface SkillFrontmatter {
  present: boolean;
  fields: Record<string, string>;
  name?: string;
  description?: string;
  metadata?: Record<string, unknown>;
  /** The Markdown after the frontmatter. */
  body: string;
  /** Set when the frontmatter cannot be parsed: the skill is reported invalid, never loaded without its gates. */
  problem?: FrontmatterProblem;
}

const OPENING = /^---[^\S\n]*\n/;
const CLOSING = /(?:^|\n)---[^\S\n]*(?:\n|(?![\s\S]))/;
/** Free text OpenClaw re-quotes when a `: ` inside it breaks the YAML (`description: Use it: daily`). */
const FREE_TEXT = new Set(["description", "read_when", "summary"]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function fieldText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

interface YamlFailure {
  reason: string;
  /** 0-based line in the block. */
  line?: number;
}

function loadYaml(block: string): { value: unknown } | { error: YamlFailure } {
  try {
    return { value: yaml.load(block, { schema: yaml.CORE_SCHEMA }) };
  } catch (error) {
    const e = error as { reason?: string; message?: string; mark?: { line?: number } };
    return {
      error: { reason: e.reason ?? String(e.message).split("\n")[0]!, ...(e.mark ? { line: e.mark.line } : {}) },
    };
  }
}

/** The top-level `key:` line `index` holds, if any. */
const topLevelKey = (line: string | undefined) => /^(?:([\w-]+)|"([\w-]+)"|'([\w-]+)'):(?:\s+(.*))?$/.exec(line ?? "");

/** `description: Use it: daily` → `description: "Use it: daily"` on the line the parser stopped at. */
function requoteFreeText(lines: string[], at: number | undefined): boolean {
  if (at === undefined) return false;
  for (const i of [at, at - 1]) {
    const match = topLevelKey(lines[i]);
    const key = match?.[1] ?? match?.[2] ?? match?.[3];
    const value = match?.[4]?.trim();
    if (!key || !value || !FREE_TEXT.has(key) || /^[|>]/.test(value)) continue;
    if (key !== "description" && !value.includes(": ")) continue;
    const unquoted = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
    lines[i] = `${key}: ${JSON.stringify(unquoted)}`;
    return true;
  }
  return false;
}

/** The lines of the top-level `metadata:` value (its own line and the indented ones after it). */
function metadataSpan(lines: string[]): { start: number; end: number; text: string } | undefined {
  const start = lines.findIndex((line) => topLevelKey(line)?.slice(1, 4).includes("metadata"));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && (lines[end] === "" || /^[ \t]/.test(lines[end]!))) end++;
  const inline = topLevelKey(lines[start])?.[4] ?? "";
  return { start, end, text: [inline, ...lines.slice(start + 1, end)].join("\n").trim() };
}

function parseMetadataText(text: string): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    try {
      parsed = JSON5.parse(text);
    } catch (error) {
      return `metadata is neither a YAML mapping nor JSON/JSON5: ${(error as Error).message}`;
    }
  }
  return isRecord(parsed) ? parsed : "metadata must be an object";
}

/**
 * The YAML block parsed as a mapping. A `: ` in a free-text field is re-quoted as OpenClaw does; a `metadata`
 * value that is JSON5 rather than YAML (comments) is cut out, the rest parsed as YAML and the value as JSON5.
 */
function parseBlock(
  block: string,
  offset: number,
): { values: Record<string, unknown>; metadataText?: string } | FrontmatterProblem {
  const lines = block.split("\n");
  let loaded = loadYaml(block);
  for (let i = 0; i < FREE_TEXT.size && "error" in loaded; i++) {
    if (!requoteFreeText(lines, loaded.error.line)) break;
    loaded = loadYaml(lines.join("\n"));
  }
  let metadataText: string | undefined;
  if ("error" in loaded) {
    const span = metadataSpan(lines);
    const at = loaded.error.line;
    // An unterminated flow value is reported where the block ends, just past its lines.
    if (span && at !== undefined && at >= span.start && at <= span.end) {
      const rest = loadYaml([...lines.slice(0, span.start), ...lines.slice(span.end)].join("\n"));
      if (!("error" in rest)) {
        loaded = rest;
        metadataText = span.text;
      }
    }
  }
  if ("error" in loaded)
    return {
      reason: `invalid YAML frontmatter: ${loaded.error.reason}`,
      ...(loaded.error.line === undefined ? {} : { line: loaded.error.line + offset }),
    };
  const value = loaded.value ?? {};
  if (!isRecord(value)) return { reason: "frontmatter must be a YAML mapping", line: offset };
  return { values: value, ...(metadataText === undefined ? {} : { metadataText }) };
}

/** Reads the `---` block at the top of a SKILL.md; a file without one has no frontmatter (and no gates). */
export function parseFrontmatter(text: string): SkillFrontmatter {
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const opening = OPENING.exec(normalized);
  if (!opening) return { present: false, fields: {}, body: normalized };
  const tail = normalized.slice(opening[0].length);
  const closing = CLOSING.exec(tail);
  if (!closing)
    return { present: true, fields: {}, body: "", problem: { reason: "missing closing --- delimiter", line: 1 } };
  const block = tail.slice(0, closing.index);
  const body = tail.slice(closing.index + closing[0].length);
  const result: SkillFrontmatter = { present: true, fields: {}, body };
  if (block.trim() === "") return result;
  // The block starts on the file's second line.
  const parsed = parseBlock(block, 2);
  if ("reason" in parsed) return { ...result, problem: parsed };
  for (const [rawKey, value] of Object.entries(parsed.values)) {
    const key = rawKey.trim();
    const text = key ? fieldText(value) : undefined;
    if (text !== undefined) result.fields[key] = text;
  }
  const metadata = parsed.metadataText ?? parsed.values.metadata;
  if (metadata !== undefined && metadata !== null) {
    const resolved = typeof metadata === "string" ? parseMetadataText(metadata) : metadata;
    if (!isRecord(resolved)) {
      const line = block.split("\n").findIndex((l) => topLevelKey(l)?.slice(1, 4).includes("metadata"));
      return {
        ...result,
        problem: {
          reason: typeof resolved === "string" ? resolved : "metadata must be an object",
          ...(line >= 0 ? { line: line + 2 } : {}),
        },
      };
    }
    result.metadata = resolved;
    if (parsed.metadataText !== undefined) result.fields.metadata = JSON.stringify(resolved);
  }
  if (result.fields.name) result.name = result.fields.name;
  if (result.fields.description) result.description = result.fields.description;
  return result;
}
