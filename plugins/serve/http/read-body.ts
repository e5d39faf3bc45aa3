import type { H3Event } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

const tooLarge = (limit: number, bytes?: number) =>
  new ClawperatorError(
    "PAYLOAD_TOO_LARGE",
    `request body${bytes === undefined ? "" : ` is ${bytes} bytes and`} exceeds the ${limit}-byte limit`,
    {
      hint: "An execution may be at most 64,000 bytes; split the work across several executions.",
      details: { limit, ...(bytes === undefined ? {} : { bytes }) },
    },
  );

const isBodyTooLarge = (error: unknown) => {
  const e = error as { status?: unknown; statusCode?: unknown; code?: unknown } | null;
  return e?.status === 413 || e?.statusCode === 413 || e?.code === "ERR_BODY_TOO_LARGE";
};

/**
 * The request body as a JSON object, bounded: an honest Content-Length over the limit is refused before reading,
 * and the server's own limit stops a body that lies about its length. An empty body is `{}` (as Express gave the
 * reference's routes). INVALID_JSON for unparseable text, INVALID_BODY for JSON that is not an object.
 */
export async function readJsonObject(event: H3Event, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(event.req.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) throw tooLarge(limit, declared);
  let text: string;
  try {
    text = await event.req.text();
  } catch (error) {
    if (isBodyTooLarge(error)) throw tooLarge(limit);
    throw error;
  }
  if (text.length > limit && Buffer.byteLength(text) > limit) throw tooLarge(limit, Buffer.byteLength(text));
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ClawperatorError("INVALID_JSON", `request body is not valid JSON: ${(error as Error).message}`, {
      hint: 'Send a JSON object, e.g. {"execution": {...}, "deviceId": "<serial>"}.',
    });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ClawperatorError(
      "INVALID_BODY",
      `request body must be a JSON object (got ` +
        `${Array.isArray(body) ? "an array" : body === null ? "null" : typeof body})`,
    );
  }
  return body as Record<string, unknown>;
}
