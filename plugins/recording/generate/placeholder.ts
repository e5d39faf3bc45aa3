/**
 * A `{{NAME}}` placeholder of a recipe, as the generator writes it: a value of its own, never a string, so nothing
 * recorded (a label that reads `Go {{COMMAND_ID}}`) is ever taken for one.
 */
export class Placeholder {
  constructor(readonly name: string) {}

  toString(): string {
    return `{{${this.name}}}`;
  }
}

/** A value a recipe holds: recorded text, a placeholder, or structure of them. */
const isPlaceholder = (value: unknown): value is Placeholder => value instanceof Placeholder;

/**
 * A recipe as JSON text, formatted as `JSON.stringify(value, null, 2)` would: placeholders as `"{{NAME}}"`, and in
 * every other string `{` written `\u007b`, so `skills compile-artifact`, which fills `{{NAME}}` in the text, finds
 * only the generator's placeholders, and the recorded text parses back exactly.
 */
export function recipeJson(value: unknown, indent = ""): string {
  if (isPlaceholder(value)) return JSON.stringify(String(value));
  if (typeof value === "string") return JSON.stringify(value).replace(/\{/g, "\\u007b");
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => inner + recipeJson(item ?? null, inner)).join(",\n")}\n${indent}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    const lines = entries.map(([key, v]) => `${inner}${recipeJson(key)}: ${recipeJson(v, inner)}`);
    return `{\n${lines.join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}
