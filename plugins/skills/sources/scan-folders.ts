import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RegistrySkill } from "../../../core/services/skills.ts";
import { readJsonFile } from "../../../core/host/read-json-file.ts";
import { parseFrontmatter, type SkillFrontmatter } from "./frontmatter.ts";

/** A skill folder found in a source directory: a registry-shaped entry whose paths are relative to `root`. */
export interface FolderSkill {
  entry: RegistrySkill;
  root: string;
  frontmatter: SkillFrontmatter;
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
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

/**
 * The folders of `dir` that hold a SKILL.md. The name is the frontmatter's (else the folder's); a `skill.json`
 * beside it supplies the registry fields (applicationId, intent, summary, agent, contract); scripts and artifacts
 * are the files under scripts/ and artifacts/.
 */
export function scanSkillFolders(dir: string): FolderSkill[] {
  let children: string[];
  try {
    children = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() || e.isSymbolicLink())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
  const found: FolderSkill[] = [];
  for (const child of children) {
    let text: string;
    try {
      text = readFileSync(join(dir, child, "SKILL.md"), "utf8");
    } catch {
      continue;
    }
    const frontmatter = parseFrontmatter(text);
    const manifest = readJson(join(dir, child, "skill.json")) ?? {};
    const id = frontmatter.name ?? child;
    const str = (key: string, fallback: string) =>
      typeof manifest[key] === "string" ? (manifest[key] as string) : fallback;
    const scripts = list(join(dir, child, "scripts"))
      .filter((f) => /\.(js|mjs|cjs|sh)$/.test(f) && !/\.test\.[cm]?js$/.test(f))
      .map((f) => `${child}/scripts/${f}`);
    const artifacts = list(join(dir, child, "artifacts"))
      .filter((f) => f.endsWith(".json"))
      .map((f) => `${child}/artifacts/${f}`);
    const entry: RegistrySkill = {
      ...manifest,
      id,
      applicationId: str("applicationId", ""),
      intent: str("intent", ""),
      summary: str("summary", frontmatter.description ?? ""),
      path: child,
      skillFile: `${child}/SKILL.md`,
      scripts,
      artifacts,
    };
    found.push({ entry, root: dir, frontmatter });
  }
  return found;
}
