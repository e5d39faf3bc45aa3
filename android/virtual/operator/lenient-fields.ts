import { z } from "zod";

// Field readers that accept what the APK's kotlinx-based parser accepts: any JSON primitive where text is
// expected, numbers and numeric strings where numbers are, out-of-range values clamped, malformed optional values
// replaced by their default. Only what the APK itself refuses (missing ids, blank text, unknown enum words) fails.

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** kotlinx's JsonPrimitive.content: strings as they are, numbers and booleans as their JSON text. */
function primitiveText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  return typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
}

function primitiveNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A required string: present, not blank, at most `max` characters. */
export const requiredText = (max: number) =>
  z.preprocess(
    primitiveText,
    z.string({ error: "is required" }).max(max, `exceeds max length of ${max}`).refine((value) => value.trim() !== "", "must not be blank"),
  );

export const optionalText = (max: number) => z.preprocess(primitiveText, z.string().max(max, `exceeds max length of ${max}`).optional());

/** A whole number, `fallback` when absent or not a whole number, clamped to [min, max]. */
export const integerIn = (fallback: number, min: number, max: number) =>
  z.unknown().optional().transform((value) => {
    const number = primitiveNumber(value);
    return clamp(number !== undefined && Number.isInteger(number) ? number : fallback, min, max);
  });

export const numberIn = (fallback: number, min: number, max: number) =>
  z.unknown().optional().transform((value) => clamp(primitiveNumber(value) ?? fallback, min, max));

export const flag = (fallback: boolean) =>
  z.unknown().optional().transform((value) => {
    if (typeof value === "boolean") return value;
    const text = typeof value === "string" ? value.toLowerCase() : undefined;
    return text === "true" ? true : text === "false" ? false : fallback;
  });

/**
 * One of a few words, matched case-insensitively; `words` maps every accepted spelling to its canonical value.
 * Without a fallback the field is required.
 */
export function choice<T extends string>(label: string, words: ReadonlyMap<string, T>, fallback?: T) {
  return z.preprocess(primitiveText, z.string().optional()).transform((raw, ctx): T => {
    const value = raw === undefined ? fallback : words.get(raw.toLowerCase());
    if (value !== undefined) return value;
    ctx.addIssue({ code: "custom", message: raw === undefined ? "is required" : `unsupported ${label}: ${raw}` });
    return z.NEVER;
  });
}
