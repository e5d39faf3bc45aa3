import { z } from "zod";
import { ERROR_CATALOGUE, type ErrorCode } from "../../../core/contracts/error-codes.ts";

/** `{ ok: false, error: { code, message, ... } }` whose code is one of `codes`. */
export function errorResponseSchema(codes: readonly [ErrorCode, ...ErrorCode[]]) {
  return z.object({
    ok: z.literal(false),
    error: z.looseObject({
      code: z.enum(codes).describe("Stable code from the error catalogue; branch on it"),
      message: z.string().describe("Human-readable; not a stable contract"),
      hint: z.string().optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  });
}

/** Every error response of the API. */
export const ErrorResponseSchema = errorResponseSchema(Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]]);
