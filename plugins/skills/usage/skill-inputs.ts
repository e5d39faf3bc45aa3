import { basename, join } from "node:path";
import { LIMITS } from "../../../core/contracts/limits.ts";
import { readFileBounded } from "../../../core/host/read-bounded.ts";
import { MAX_MANIFEST_BYTES, readJsonFile } from "../../../core/host/read-json-file.ts";
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

/** A file's text, or undefined when it is missing, unreadable or over `limit` (`skills validate` reports those). */
function read(path: string, limit: number): string | undefined {
  try {
    const bounded = readFileBounded(path, limit);
    return "bytes" in bounded ? bounded.bytes.toString("utf8") : undefined;
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
  // A missing or invalid skill.json is `skills validate`'s to report; such a skill.json declares nothing here.
  const parsed = readJsonFile(at(join(entry.path, "skill.json")));
  const manifest = "value" in parsed ? (parsed.value as { contract?: unknown } | null) : undefined;
  const skillFile = read(at(entry.skillFile ?? join(entry.path, "SKILL.md")), MAX_MANIFEST_BYTES);
  const listed: unknown[] = Array.isArray(entry.artifacts) ? entry.artifacts : [];
  const artifacts = listed
    .filter((a): a is string => typeof a === "string")
    .map((artifact) => {
      // As compile-artifact reads it: no further than an execution's input.
      const template = read(at(artifact), LIMITS.MAX_EXECUTION_INPUT_BYTES) ?? "";
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
