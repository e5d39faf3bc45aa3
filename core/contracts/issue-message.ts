import type { z } from "zod";

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** `["actions", 0, "params", "key"]` → `actions.0.params.key`, the spec's path form. */
export function formatPath(path: Path): string {
  return path.map(String).join(".");
}

/**
 * Where an issue points; a single unknown key is reported at its own path (`serve.prot`), as the spec's path form
 * expects.
 */
export function issuePath(issue: Issue): PropertyKey[] {
  return issue.code === "unrecognized_keys" && issue.keys.length === 1
    ? [...issue.path, issue.keys[0]!]
    : [...issue.path];
}

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function shown(value: unknown): string {
  return JSON.stringify(value)?.slice(0, 80) ?? String(value);
}

/** zod's names of types, in the words of JSON. */
const EXPECTED: Readonly<Record<string, string>> = { int: "integer", record: "object" };

const article = (noun: string): string => `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;

/** The reason part of a message, phrased so an agent knows what to send instead. */
function reason(issue: Issue, input: unknown): string {
  const got = valueAt(input, issuePath(issue));
  switch (issue.code) {
    case "invalid_type":
      return got === undefined
        ? "is required"
        : `must be ${article(EXPECTED[issue.expected] ?? issue.expected)} (got ${shown(got)})`;
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${shown(issue.values[0])} (got ${shown(got)})`
        : `must be one of: ${issue.values.map(String).join(", ")}`;
    case "too_small":
      if (issue.origin === "array") return `must have at least ${issue.minimum} item(s)`;
      if (issue.origin === "string")
        return issue.minimum === 1 ? "must not be empty" : `must be at least ${issue.minimum} characters`;
      return `must be ${issue.inclusive ? ">=" : ">"} ${issue.minimum} (got ${shown(got)})`;
    case "too_big":
      if (issue.origin === "array")
        return `must have at most ${issue.maximum} items (got ${Array.isArray(got) ? got.length : "?"})`;
      if (issue.origin === "string")
        return `must be at most ${issue.maximum} characters (got ${typeof got === "string" ? got.length : "?"})`;
      return `must be ${issue.inclusive ? "<=" : "<"} ${issue.maximum} (got ${shown(got)})`;
    case "unrecognized_keys":
      return issue.keys.length === 1 ? "is not a known key" : `has unknown keys: ${issue.keys.join(", ")}`;
    default:
      return issue.message;
  }
}

/** A one-line message for a zod issue; `subject` names the action when the path is inside one. */
export function issueMessage(
  issue: Issue,
  input: unknown,
  subject?: (path: Path) => { label: string; rest: Path } | undefined,
): string {
  const path = issuePath(issue);
  const scoped = subject?.(path);
  const where = scoped ? `${scoped.label} ${formatPath(scoped.rest)}`.trim() : formatPath(path) || "execution";
  return `${where} ${reason(issue, input)}`;
}
