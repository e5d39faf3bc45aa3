import type { SyntaxProblem } from "../core/contracts/json-syntax.ts";

/** js-yaml's exception (what cosmiconfig throws for YAML): its reason and 0-based mark. */
export function yamlSyntaxProblem(error: unknown): SyntaxProblem | undefined {
  const e = error as { name?: string; reason?: string; mark?: { line?: number; column?: number } };
  if (e?.name !== "YAMLException" || typeof e.reason !== "string" || typeof e.mark?.line !== "number") return undefined;
  return { reason: e.reason, line: e.mark.line + 1, column: (e.mark.column ?? 0) + 1 };
}
