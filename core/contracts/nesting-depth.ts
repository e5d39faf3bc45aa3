import { LIMITS } from "./limits.ts";
import { fail } from "./normalize-execution.ts";

/**
 * The path of the first value nested deeper than LIMITS.MAX_NESTING_DEPTH, or undefined. Iterative: the input
 * is whatever JSON.parse accepted (which does not recurse), and thousands of levels must not overflow the stack.
 */
function tooDeep(input: unknown): string | undefined {
  const pending: { value: unknown; depth: number; path: string }[] = [{ value: input, depth: 0, path: "" }];
  while (pending.length > 0) {
    const { value, depth, path } = pending.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= LIMITS.MAX_NESTING_DEPTH) return path;
    for (const [key, child] of Object.entries(value))
      pending.push({ value: child, depth: depth + 1, path: path ? `${path}.${key}` : key });
  }
  return undefined;
}

/** Refuses an execution nested deeper than the limit before anything walks it recursively (zod, stringify). */
export function assertNestingDepth(input: unknown): void {
  const deep = tooDeep(input);
  if (deep === undefined) return;
  const shown = deep.split(".").slice(0, 6).join(".");
  fail(`${shown}${shown === deep ? "" : "..."} nests deeper than ${LIMITS.MAX_NESTING_DEPTH} levels`, shown, {
    maxDepth: LIMITS.MAX_NESTING_DEPTH,
  });
}
