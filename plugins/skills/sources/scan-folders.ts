import { readdirSync, realpathSync, statSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import type { RegistrySkill } from "../../../core/services/skills.ts";
import { readFileBounded } from "../../../core/host/read-bounded.ts";
import { readJsonFile } from "../../../core/host/read-json-file.ts";
import { type FrontmatterProblem, parseFrontmatter, type SkillFrontmatter } from "./frontmatter.ts";

/** A skill folder found in a source directory: a registry-shaped entry whose paths are relative to `root`. */
export interface FolderSkill {
  entry: RegistrySkill;
  root: string;
  frontmatter: SkillFrontmatter;
  /** Set when the SKILL.md cannot be used (frontmatter, size, no description): reported, not loaded. */
  problem?: FrontmatterProblem;
}

/** OpenClaw's order of names (`localeCompare(_, "en")`), with one collator: a locale argument per call is slow. */
export const byEnglish = new Intl.Collator("en").compare;

/** OpenClaw's discovery limits: SKILL.md size, candidate folders per root, skills per source, grouping depth. */
export const MAX_SKILL_FILE_BYTES = 256_000;
const MAX_CANDIDATES_PER_ROOT = 300;
const MAX_SKILLS_PER_SOURCE = 200;
const MAX_GROUP_DEPTH = 6;

export interface ScanOptions {
  /** Whether a folder may be a symlink to somewhere outside the root (the user's managed and personal folders). */
  allowOutside: boolean;
  /** Told about what was skipped and why (a symlink escaping the root, an unreadable folder). */
  onSkip?: (path: string, reason: string) => void;
}

function files(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

function childDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith(".") && e.name !== "node_modules")
      .map((e) => e.name)
      .filter((name) => {
        try {
          return statSync(join(dir, name)).isDirectory();
        } catch {
          return false;
        }
      })
      .sort(byEnglish);
  } catch {
    return [];
  }
}

function readJson(path: string): Record<string, unknown> | undefined {
  const read = readJsonFile(path);
  const value = "value" in read ? read.value : undefined;
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const inside = (root: string, path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
const hasSkillFile = (dir: string) => {
  try {
    return statSync(join(dir, "SKILL.md")).isFile();
  } catch {
    return false;
  }
};

/** The skill of one folder: its SKILL.md read (bounded) and parsed, its registry fields from skill.json. */
function loadFolder(root: string, dir: string): FolderSkill | undefined {
  const rel = relative(root, dir) || ".";
  const skillFile = rel === "." ? "SKILL.md" : `${rel.split(sep).join("/")}/SKILL.md`;
  let text: string;
  let problem: FrontmatterProblem | undefined;
  try {
    const read = readFileBounded(join(dir, "SKILL.md"), MAX_SKILL_FILE_BYTES);
    text = "bytes" in read ? read.bytes.toString("utf8") : "";
    if (!("bytes" in read)) problem = { reason: `SKILL.md is larger than ${MAX_SKILL_FILE_BYTES} bytes` };
  } catch {
    return undefined;
  }
  const frontmatter = parseFrontmatter(text);
  problem ??= frontmatter.problem;
  const folder = basename(dir);
  const manifest = readJson(join(dir, "skill.json")) ?? {};
  const id = frontmatter.name?.trim() || folder;
  if (!problem && !frontmatter.description?.trim()) problem = { reason: "description is required", line: 1 };
  const str = (key: string, fallback: string) =>
    typeof manifest[key] === "string" ? (manifest[key] as string) : fallback;
  const base = rel === "." ? "" : `${rel.split(sep).join("/")}/`;
  const scripts = files(join(dir, "scripts"))
    .filter((f) => /\.(js|mjs|cjs|sh)$/.test(f) && !/\.test\.[cm]?js$/.test(f))
    .map((f) => `${base}scripts/${f}`);
  const artifacts = files(join(dir, "artifacts"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => `${base}artifacts/${f}`);
  const entry: RegistrySkill = {
    ...manifest,
    id,
    applicationId: str("applicationId", ""),
    intent: str("intent", ""),
    summary: str("summary", frontmatter.description ?? ""),
    path: rel === "." ? "." : rel.split(sep).join("/"),
    skillFile,
    scripts,
    artifacts,
  };
  return { entry, root, frontmatter, ...(problem ? { problem } : {}) };
}

/**
 * The skill folders of `dir`, found as OpenClaw finds them: `dir` itself when it holds a SKILL.md, else each child
 * folder that holds one, and the folders of a child that does not (a group, e.g. `skills/`), down to six levels;
 * names starting with "." and node_modules are skipped, and a folder that resolves outside `dir` (a symlink) is
 * refused unless `allowOutside`. Sorted by path.
 */
export function scanSkillFolders(dir: string, options: ScanOptions = { allowOutside: false }): FolderSkill[] {
  let rootReal: string;
  try {
    rootReal = realpathSync(dir);
  } catch {
    return [];
  }
  if (hasSkillFile(dir)) {
    const one = loadFolder(dir, dir);
    return one ? [one] : [];
  }
  const found: FolderSkill[] = [];
  const queue = childDirs(dir)
    .slice(0, MAX_CANDIDATES_PER_ROOT)
    .map((name) => ({ path: join(dir, name), depth: name === "skills" && !hasSkillFile(join(dir, name)) ? 0 : 1 }));
  for (let i = 0; i < queue.length && found.length < MAX_SKILLS_PER_SOURCE; i++) {
    const { path, depth } = queue[i]!;
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      continue;
    }
    const outside = !inside(rootReal, real);
    if (outside && !options.allowOutside) {
      options.onSkip?.(path, `resolves outside its source folder ${dir}`);
      continue;
    }
    if (hasSkillFile(path)) {
      // A folder linked in from elsewhere is its own root: its paths stay inside it.
      const skill = loadFolder(outside ? path : dir, path);
      if (skill) found.push(skill);
      continue;
    }
    if (depth >= MAX_GROUP_DEPTH) continue;
    for (const name of childDirs(path).slice(0, MAX_CANDIDATES_PER_ROOT))
      queue.push({ path: join(path, name), depth: depth + 1 });
  }
  return found.sort((a, b) => byEnglish(a.entry.path, b.entry.path));
}
