import { type H3Event, HTTPError, readValidatedBody } from "h3";
import { z } from "zod";
import { ClawperatorError } from "../contracts/clawperator-error.ts";
import type { ErrorCode } from "../contracts/error-codes.ts";
import { BODY_LIMIT_BYTES } from "./body-limit.ts";

/** What readJsonBody answers with besides the parsed body. */
export const BODY_ERROR_CODES = [
  "INVALID_JSON",
  "EXECUTION_VALIDATION_FAILED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
] as const satisfies readonly ErrorCode[];

/** Any JSON object: for a route that checks its fields itself. */
export const JsonObject = z.record(z.string(), z.unknown());

/** `application/json` and the `+json` suffix types (`application/merge-patch+json`), any parameters. */
export function isJsonMediaType(header: string): boolean {
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[\w.-]+\+json$/.test(type);
}

const hasBody = (event: H3Event) =>
  Number(event.req.headers.get("content-length") ?? 0) > 0 || event.req.headers.has("transfer-encoding");

/**
 * A body sent as anything but JSON is refused before it is read: a browser sends `text/plain`, form and multipart
 * bodies to any origin without asking first (no CORS preflight), so a JSON route must never take them.
 */
function checkMediaType(event: H3Event): void {
  const type = event.req.headers.get("content-type");
  if (type === null ? !hasBody(event) : isJsonMediaType(type)) return;
  throw new ClawperatorError(
    "UNSUPPORTED_MEDIA_TYPE",
    `request body must be sent as application/json (got ${type === null ? "no Content-Type" : JSON.stringify(type)})`,
    { hint: "Send the header Content-Type: application/json.", details: { contentType: type } },
  );
}

const tooLarge = (declared?: number) =>
  new ClawperatorError(
    "PAYLOAD_TOO_LARGE",
    `request body${declared === undefined ? "" : ` is ${declared} bytes and`} exceeds the ` +
      `${BODY_LIMIT_BYTES}-byte limit`,
    {
      hint: "An execution may be at most 64,000 bytes; split the work across several executions.",
      details: { limit: BODY_LIMIT_BYTES, ...(declared === undefined ? {} : { bytes: declared }) },
    },
  );

const invalid = (message: string, issues?: readonly { path: string; message: string }[]) =>
  new ClawperatorError("EXECUTION_VALIDATION_FAILED", message, {
    hint: "Send a JSON object the route's schema accepts (GET /openapi.json has it).",
    ...(issues ? { details: { issues } } : {}),
  });

const pathOf = (path: readonly (PropertyKey | { key: PropertyKey })[] | undefined) =>
  (path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");

/**
 * The request body, read with h3's readValidatedBody and checked with the route's zod schema, with the same limits
 * and codes on every route (built-in or a plugin's): 415 UNSUPPORTED_MEDIA_TYPE for a body not sent as JSON, 413
 * PAYLOAD_TOO_LARGE over BODY_LIMIT_BYTES (a Content-Length over it before reading), 400 INVALID_JSON for text
 * that is not JSON (as the reference runtime's serve answers), 400 EXECUTION_VALIDATION_FAILED for JSON the schema
 * refuses (each issue with its path). An
 * empty body is `{}`. A body that arrives too slowly is the server's to end (408), not the reader's.
 */
export async function readJsonBody<S extends z.ZodType>(event: H3Event, schema: S): Promise<z.output<S>> {
  checkMediaType(event);
  // Refused unread: cancelling the body (as h3's assertBodySize does) resets the connection before the 413 is read.
  const declared = Number(event.req.headers.get("content-length"));
  if (declared > BODY_LIMIT_BYTES) throw tooLarge(declared);
  try {
    return await readValidatedBody(
      event,
      z.preprocess((body) => body ?? {}, schema),
      {
        onError: ({ issues }) => {
          const listed = issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message }));
          throw invalid(
            `invalid request body: ${listed.map((i) => `${i.path || "(body)"}: ${i.message}`).join("; ")}`,
            listed,
          );
        },
      },
    );
  } catch (error) {
    if (error instanceof ClawperatorError) throw error;
    const status = (error as { status?: unknown } | null)?.status;
    // serve's own bound (srvx's maxRequestBodySize), for a body without a Content-Length.
    if (status === 413) throw tooLarge();
    // h3's readBody refuses text that is not JSON with a plain 400.
    if (HTTPError.isError(error) && status === 400)
      throw new ClawperatorError("INVALID_JSON", "request body is not valid JSON", {
        hint: "Send a JSON object (GET /openapi.json has each route's schema).",
      });
    throw error;
  }
}
