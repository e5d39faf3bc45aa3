import { getRouterParam, type H3Event } from "h3";
import { z } from "zod";
import { AVD_NAME } from "../../../android/avd/index.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

export const TimeoutsBody = z.strictObject({
  registrationTimeoutMs: z.number().int().positive().optional(),
  bootTimeoutMs: z.number().int().positive().optional(),
});

export const CreateBody = z.strictObject({
  name: z.string().regex(AVD_NAME, "letters, digits, '.', '_' and '-' only").optional(),
  apiLevel: z.number().int().positive().optional(),
  deviceProfile: z.string().min(1).optional(),
  abi: z.string().min(1).optional(),
  playStore: z.boolean().optional(),
});

/** The JSON body checked against `schema`; an empty body is `{}`. A bad body is USAGE (400) naming each problem. */
export async function parseBody<S extends z.ZodType>(event: H3Event, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await event.req.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ClawperatorError("USAGE", "the request body is not JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    throw new ClawperatorError(
      "USAGE",
      `invalid request body: ${issues.map((i) => `${i.path || "(body)"}: ${i.message}`).join("; ")}`,
      { details: { issues } },
    );
  }
  return parsed.data;
}

/** The `:name` of the path, percent-decoded; a malformed escape is USAGE like any other bad name. */
export function nameParam(event: H3Event): string {
  const raw = getRouterParam(event, "name") ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ClawperatorError("USAGE", `"${raw}" is not a valid AVD name in a URL`, { details: { name: raw } });
  }
}
