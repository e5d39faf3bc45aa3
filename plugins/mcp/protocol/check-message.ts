import {
  ClientRequestSchema,
  ErrorCode,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  RequestIdSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { issueMessage } from "../../../core/contracts/issue-message.ts";

type RequestId = z.output<typeof RequestIdSchema>;

/** What a client sent: messages the server takes (one, or a batch), or the error answer JSON-RPC 2.0 gives it. */
export type Checked =
  | { ok: true; messages: JSONRPCMessage[]; batch: boolean }
  | { ok: false; reply: JSONRPCErrorResponse };

/** A JSON-RPC error response; `id` is null when the request's id could not be read (JSON-RPC 2.0, section 5). */
export function rpcError(code: number, message: string, id: RequestId | null = null): JSONRPCErrorResponse {
  // The SDK's type leaves the id optional where JSON-RPC writes null; both parse as its error response.
  return { jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCErrorResponse;
}

/** The schema of each request method the SDK knows, by method: their params are checked before the server runs. */
const REQUESTS: ReadonlyMap<string, z.ZodType> = new Map(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema as z.ZodType]),
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const idOf = (value: Record<string, unknown>): RequestId | null => {
  const parsed = RequestIdSchema.safeParse(value.id);
  return parsed.success ? parsed.data : null;
};

/** One message: the JSON-RPC message, or why it is none (-32600), or why its params are not the method's (-32602). */
function checkOne(value: unknown): { message: JSONRPCMessage } | { reply: JSONRPCErrorResponse } {
  if (!isObject(value)) return { reply: rpcError(ErrorCode.InvalidRequest, "Invalid Request: not a JSON object") };
  const id = idOf(value);
  if (value.jsonrpc !== "2.0")
    return { reply: rpcError(ErrorCode.InvalidRequest, 'Invalid Request: jsonrpc must be "2.0"', id) };
  if ("method" in value && typeof value.method !== "string")
    return { reply: rpcError(ErrorCode.InvalidRequest, "Invalid Request: method must be a string", id) };
  if ("id" in value && id === null)
    return { reply: rpcError(ErrorCode.InvalidRequest, "Invalid Request: id must be a string or an integer") };
  const message = JSONRPCMessageSchema.safeParse(value);
  if (!message.success) {
    const why =
      "method" in value
        ? "params must be an object"
        : "a message without a method must be a response (id and result or error)";
    return { reply: rpcError(ErrorCode.InvalidRequest, `Invalid Request: ${why}`, id) };
  }
  const schema = "method" in value && id !== null ? REQUESTS.get(value.method as string) : undefined;
  const params = schema?.safeParse(value);
  if (params && !params.success) {
    const issue = params.error.issues[0]!;
    return { reply: rpcError(ErrorCode.InvalidParams, `Invalid params: ${issueMessage(issue, value)}`, id) };
  }
  return { message: message.data };
}

/**
 * A parsed body or line as JSON-RPC 2.0 and MCP take it: one message, or a batch of them (a batch with a message
 * that is none is refused whole, naming it, with a null id; an empty one is an invalid request). Requests whose params do not fit
 * their method's schema are refused here, with -32602 and a short message, before the server sees them.
 */
export function checkMessage(value: unknown): Checked {
  if (!Array.isArray(value)) {
    const one = checkOne(value);
    return "reply" in one ? { ok: false, reply: one.reply } : { ok: true, messages: [one.message], batch: false };
  }
  if (value.length === 0)
    return { ok: false, reply: rpcError(ErrorCode.InvalidRequest, "Invalid Request: empty batch") };
  const messages: JSONRPCMessage[] = [];
  for (const [at, item] of value.entries()) {
    const one = checkOne(item);
    if ("reply" in one) {
      const { code, message } = one.reply.error;
      return { ok: false, reply: rpcError(code, `${message} (batch message ${at})`) };
    }
    messages.push(one.message);
  }
  return { ok: true, messages, batch: true };
}

/** A line or body's text, parsed and checked; text that is not JSON is a parse error (-32700). */
export function checkText(text: string): Checked {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reply: rpcError(ErrorCode.ParseError, "Parse error: not valid JSON") };
  }
  return checkMessage(value);
}
