import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { H3Event } from "h3";
import { z } from "zod";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { httpStatusOf } from "../../../core/contracts/error-codes.ts";
import { readJsonBody } from "../../../core/http/index.ts";
import { type Checked, checkMessage, rpcError } from "../protocol/check-message.ts";

/** A JSON-RPC error as an HTTP answer (the body has no id when the request's could not be read). */
export function rpcResponse(status: number, reply: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(reply), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * A POST /mcp body, read by the one body reader (serve's media type and size limits) and checked as JSON-RPC, every
 * refusal in JSON-RPC's shape with the HTTP status the catalogue gives its cause: text that is not JSON is a parse
 * error (-32700, 400, INVALID_JSON behind it); a body too large or not sent as JSON an invalid request (-32600, 413 or 415) whose `data.code`
 * is our code; anything else `checkMessage` refuses.
 */
export async function readRpcBody(event: H3Event): Promise<Checked | Response> {
  let body: unknown;
  try {
    body = await readJsonBody(event, z.unknown());
  } catch (error) {
    if (!(error instanceof ClawperatorError)) throw error;
    const status = httpStatusOf(error.code);
    if (error.code === "INVALID_JSON")
      return rpcResponse(status, rpcError(ErrorCode.ParseError, "Parse error: the body is not valid JSON"));
    const reply = rpcError(ErrorCode.InvalidRequest, `Invalid Request: ${error.message}`);
    return rpcResponse(status, { ...reply, error: { ...reply.error, data: { code: error.code } } });
  }
  return checkMessage(body);
}
