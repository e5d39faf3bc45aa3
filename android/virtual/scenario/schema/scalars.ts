import { z } from "zod";

/** A YAML scalar read as text: `versionName: 1.0` and `adb_enabled: 1` arrive as numbers. */
export const scalarText = z.union([z.string(), z.number(), z.boolean()]).transform(String);

export const textRecord = z.record(z.string(), scalarText);

/** Adds an issue unless exactly one of `keys` is present. */
export function exactlyOne<T extends object>(
  value: T,
  keys: ReadonlyArray<keyof T & string>,
  what: string,
  ctx: z.RefinementCtx,
): void {
  const present = keys.filter((key) => value[key] !== undefined);
  if (present.length === 1) return;
  const message =
    present.length === 0
      ? `needs ${what}: one of ${keys.join(", ")}`
      : `has more than one ${what} (${present.join(", ")}); keep one`;
  ctx.addIssue({ code: "custom", message, path: [] });
}
