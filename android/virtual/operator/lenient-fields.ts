import { z } from "zod";

// Field readers that accept what the APK's kotlinx-based parser accepts: any JSON primitive where text is
// expected, numbers and numeric strings where numbers are, out-of-range values clamped, malformed optional values
// replaced by their default. Only what the APK itself refuses fails, with its message (the parser prefixes the key).

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** kotlinx's JsonPrimitive.content: strings as they are, numbers and booleans as their JSON text, null as "null". */
function primitiveText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value === null) return "null";
  return typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
}

function primitiveNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A required string: present, not blank, at most `max` UTF-16 units. */
export const requiredText = (max: number) =>
  z.preprocess(
    primitiveText,
    z
      .string({ error: "is required" })
      .refine((value) => value.trim() !== "", "must not be blank")
      .refine((value) => value.length <= max, `exceeds max length of ${max}`),
  );

export const optionalText = (max: number) =>
  z.preprocess(primitiveText, z.string().max(max, `exceeds max length of ${max}`).optional());

/** An optional string that, when present, must not be blank (the length is checked first, as the APK does). */
export const optionalNonBlankText = (max: number) =>
  z.preprocess(
    primitiveText,
    z
      .string()
      .max(max, `exceeds max length of ${max}`)
      .refine((value) => value.trim() !== "", "must not be blank")
      .optional(),
  );

/** A whole number, `fallback` when absent or not a whole number, clamped to [min, max]. */
export const integerIn = (fallback: number, min: number, max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      const number = primitiveNumber(value);
      return clamp(number !== undefined && Number.isInteger(number) ? number : fallback, min, max);
    });

/** A whole number clamped to [min, max], or undefined when absent or not a whole number. */
export const optionalInteger = (min: number, max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      const number = primitiveNumber(value);
      return number !== undefined && Number.isInteger(number) ? clamp(number, min, max) : undefined;
    });

export const numberIn = (fallback: number, min: number, max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => clamp(primitiveNumber(value) ?? fallback, min, max));

export const flag = (fallback: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      if (typeof value === "boolean") return value;
      const text = typeof value === "string" ? value.toLowerCase() : undefined;
      return text === "true" ? true : text === "false" ? false : fallback;
    });

/** An object slot (params, a matcher, retry, coordinate): anything else present is refused as kotlinx refuses it. */
export function jsonObject<T extends z.ZodType>(schema: T) {
  const isObject = (v: unknown) => v === undefined || (typeof v === "object" && v !== null && !Array.isArray(v));
  return z.custom<unknown>(isObject, { message: "is not a JsonObject" }).pipe(schema);
}

/**
 * One of a few words, lower-cased (not trimmed) as the APK does; `words` maps every accepted spelling to its
 * canonical value. Without a fallback the field is required.
 */
export function choice<T extends string>(label: string, words: ReadonlyMap<string, T>, fallback?: T) {
  return z.preprocess(primitiveText, z.string().optional()).transform((raw, ctx): T => {
    const value = raw === undefined ? fallback : words.get(raw.toLowerCase());
    if (value !== undefined) return value;
    ctx.addIssue({ code: "custom", message: raw === undefined ? "is required" : `unsupported ${label}: ${raw}` });
    return z.NEVER;
  });
}
