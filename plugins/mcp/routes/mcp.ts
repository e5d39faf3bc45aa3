import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { defineHandler, type H3Event } from "h3";
import { z } from "zod";
import { readJsonBody } from "../../../core/http/index.ts";
import { routeContext } from "../http/route-context.ts";
import { McpSessions } from "../http/sessions.ts";

/** A JSON-RPC message or batch; the transport checks the messages themselves. */
const JsonRpcBody = z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]);

const sessions = new McpSessions();

/** A refusal in JSON-RPC's form, as the SDK's transport answers them. */
const rpcError = (status: number, message: string) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32_000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });

/**
 * POST, GET and DELETE /mcp: MCP's Streamable HTTP transport behind serve's checks (token, Host, Origin, shutdown),
 * the body read by the one body reader with serve's limits.
 */
export default defineHandler(async (event: H3Event) => {
  const context = routeContext(event);
  const parsedBody = event.req.method === "POST" ? await readJsonBody(event, JsonRpcBody) : undefined;
  const id = event.req.headers.get("mcp-session-id");
  if (id) {
    const live = sessions.get(id);
    if (!live) return rpcError(404, "Session not found");
    return live.transport.handleRequest(event.req, { parsedBody });
  }
  if (!isInitializeRequest(parsedBody)) return rpcError(400, "Bad Request: no valid session id (Mcp-Session-Id)");
  // The agent a session speaks for is named once, when it starts: ?agent= or the X-Clawperator-Agent header.
  const agentId = event.url.searchParams.get("agent") ?? event.req.headers.get("x-clawperator-agent") ?? undefined;
  const transport = await sessions.open(context, agentId || undefined);
  return transport.handleRequest(event.req, { parsedBody });
});
