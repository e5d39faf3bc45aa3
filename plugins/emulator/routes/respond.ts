import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { httpStatusOf } from "../../../core/contracts/error-codes.ts";

/**
 * Runs a route's work: success is `{ ok: true, ...payload }` (docs/emulators.md#http-routes: the HTTP response wraps
 * the CLI payload with `"ok": true`); a ClawperatorError is `{ ok: false, error }` with the catalogue's HTTP status.
 * Anything else is rethrown for the server's own error handling.
 */
export async function respond(work: () => Promise<object>): Promise<object | Response> {
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    if (!(error instanceof ClawperatorError)) throw error;
    return new Response(JSON.stringify({ ok: false, error: error.toJSON() }), {
      status: httpStatusOf(error.code),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }
}
