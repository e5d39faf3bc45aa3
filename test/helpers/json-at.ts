/** The value at a path of keys in a parsed JSON document, or undefined where the path breaks off. */
export function jsonAt(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
