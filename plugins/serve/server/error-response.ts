import { HTTPError } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { httpStatusOf, type ErrorCode } from "../../../core/contracts/error-codes.ts";
import { forHttp } from "./http-hints.ts";

/** Codes for h3's own HTTP errors (its body, URL and routing checks), by status. */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  404: "ROUTE_NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  408: "REQUEST_TIMEOUT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

const JSON_TYPE = "application/json;charset=UTF-8";

/** The ClawperatorError behind what a route threw: h3 wraps a non-HTTP error as an HTTPError whose cause it is. */
function clawperatorErrorOf(error: unknown): ClawperatorError | undefined {
  if (error instanceof ClawperatorError) return error;
  if (HTTPError.isError(error) && error.cause instanceof ClawperatorError) return error.cause;
  return undefined;
}

export function toErrorBody(error: unknown): { status: number; body: { ok: false; error: Record<string, unknown> } } {
  const known = clawperatorErrorOf(error);
  if (known) return { status: httpStatusOf(known.code), body: { ok: false, error: forHttp({ ...known.toJSON() }) } };
  if (HTTPError.isError(error) && !error.unhandled) {
    const code = CODE_OF_STATUS[error.status] ?? (error.status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST");
    return { status: error.status, body: { ok: false, error: { code, message: error.message } } };
  }
  const cause = HTTPError.isError(error) && error.cause !== undefined ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return {
    status: 500,
    body: {
      ok: false,
      error: {
        code: "INTERNAL_ERROR",
        message,
        hint: "This is a bug in clawperator; run serve with --verbose and report the output.",
      },
    },
  };
}

/** The JSON error response: `{ ok: false, error: { code, message, ... } }` with the catalogue's status. */
export function errorResponse(error: unknown, headers: Record<string, string> = {}): Response {
  const { status, body } = toErrorBody(error);
  const extra: Record<string, string> =
    body.error.code === "UNAUTHORIZED" ? { "www-authenticate": 'Bearer realm="clawperator"' } : {};
  return new Response(JSON.stringify(body), { status, headers: { "content-type": JSON_TYPE, ...extra, ...headers } });
}
