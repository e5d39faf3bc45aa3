import { z } from "zod";
import { LIMITS } from "./limits.ts";

const matcherValue = z.string().max(LIMITS.MAX_MATCHER_VALUE_LENGTH);

export const MATCHER_FIELDS = [
  "resourceId",
  "contentDescEquals",
  "textEquals",
  "textContains",
  "contentDescContains",
  "role",
] as const;

/**
 * NodeMatcher (docs/execution.md#nodematcher): every given field must match (AND), at least one field must be
 * non-empty, each value at most 512 characters. `role` names a Clawperator semantic role (button, textfield, ...).
 */
export const NodeMatcherSchema = z
  .strictObject({
    resourceId: matcherValue.optional(),
    contentDescEquals: matcherValue.optional(),
    textEquals: matcherValue.optional(),
    textContains: matcherValue.optional(),
    contentDescContains: matcherValue.optional(),
    role: matcherValue.optional(),
  })
  .refine((m) => MATCHER_FIELDS.some((field) => (m[field] ?? "") !== ""), {
    message: `needs at least one non-empty field of: ${MATCHER_FIELDS.join(", ")}`,
  });

export type NodeMatcher = z.infer<typeof NodeMatcherSchema>;
