import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { placeholders, stem } from "../compile/compile-artifact.ts";
import { resolveInside } from "../run/safe-path.ts";
import { readContract } from "../run/verify-contract.ts";
import type { SkillRecord } from "../sources/catalog.ts";

/** What a user passes to a skill, gathered from its files for `skills get`. */
export interface SkillInputs {
  /** skill.json `contract.inputs` (name → type): `skills run <id> -- --<name> <value>`, or the values in order. */
  declared: Record<string, string>;
  /** The command lines of SKILL.md's "Usage" section, as its author wrote them. */
  usage: string[];
  /** Each artifact's `{{VAR}}` placeholders: `skills compile-artifact <id> --artifact <name> --vars '{…}'`. */
  artifacts: { artifact: string; name: string; vars: string[] }[];
}

/** A file's text, or undefined when it is missing or unreadable (`skills validate` reports those). */
function read(path: string): string | undefined {
  try {
    return existsSync(path) ? readFileSync(path, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

/** The first fenced block under a `## Usage` heading, without comments and blank lines. */
function usageLines(markdown: string): string[] {
  const section = /^##\s+Usage\s*$([\s\S]*?)(?=^##\s|(?![\s\S]))/m.exec(markdown)?.[1] ?? "";
  const block = /```[^\n]*\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

export function skillInputs(record: SkillRecord): SkillInputs {
  const { entry, root } = record;
  const at = (path: string) => resolveInside(root, path, entry.id);
  let manifest: Record<string, unknown> | undefined;
  try {
    manifest = JSON.parse(read(at(join(entry.path, "skill.json"))) ?? "null") ?? undefined;
  } catch {
    // Invalid JSON is `skills validate`'s to report; such a skill.json declares nothing here.
  }
  const skillFile = read(at(entry.skillFile ?? join(entry.path, "SKILL.md")));
  const listed: unknown[] = Array.isArray(entry.artifacts) ? entry.artifacts : [];
  const artifacts = listed
    .filter((a): a is string => typeof a === "string")
    .map((artifact) => {
      const template = read(at(artifact)) ?? "";
      // COMMAND_ID and TASK_ID are derived by compile-artifact when not given.
      const vars = placeholders(template).filter((name) => name !== "COMMAND_ID" && name !== "TASK_ID");
      return { artifact, name: stem(basename(artifact)), vars };
    });
  return {
    declared: readContract(manifest?.contract ?? entry.contract)?.inputs ?? {},
    usage: skillFile ? usageLines(skillFile) : [],
    artifacts,
  };
}
