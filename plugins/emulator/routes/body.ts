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

/** The `:name` of the path, percent-decoded; a malformed escape is USAGE like any other bad name. */
export function nameParam(event: H3Event): string {
  const raw = getRouterParam(event, "name") ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ClawperatorError("USAGE", `"${raw}" is not a valid AVD name in a URL`, { details: { name: raw } });
  }
}
