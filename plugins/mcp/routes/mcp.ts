import { ErrorCode, isInitializeRequest, isJSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { defineHandler, getRequestIP, type H3Event } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { httpStatusOf } from "../../../core/contracts/error-codes.ts";
import { StreamSlots } from "../../../core/http/stream-slots.ts";
import type { ServiceAccess } from "../../../core/kernel/index.ts";
import { readRpcBody, rpcResponse } from "../http/read-rpc-body.ts";
import { routeContext } from "../http/route-context.ts";
import { DEFAULT_SESSION_LIMITS, type Live, McpSessions } from "../http/sessions.ts";
import { rpcError } from "../protocol/check-message.ts";

/** One session table per kernel: a process serving two kernels (tests, embedders) keeps their sessions apart. */
const tables = new WeakMap<ServiceAccess, McpSessions>();

function sessionsOf(event: H3Event): McpSessions {
  const { services, config, shutdown } = routeContext(event);
  let sessions = tables.get(services);
  if (!sessions) {
    sessions = new McpSessions(
      {
        max: config.mcp?.maxSessions ?? DEFAULT_SESSION_LIMITS.max,
        idleMs: config.mcp?.sessionIdleMs ?? DEFAULT_SESSION_LIMITS.idleMs,
      },
      shutdown,
    );
    tables.set(services, sessions);
  }
  return sessions;
}

/** Our refusal in JSON-RPC's shape: the catalogue's status, our code and hint in `error.data`. */
function refusal(error: ClawperatorError): Response {
  const { code, message, hint } = error.toJSON();
  const reply = rpcError(ErrorCode.ConnectionClosed, message);
  return rpcResponse(httpStatusOf(code), { ...reply, error: { ...reply.error, data: { code, hint } } });
}

const notFound = () => {
  const reply = rpcError(-32_001, "Session not found: it ended, expired or never existed; initialize a new one");
  return rpcResponse(404, { ...reply, error: { ...reply.error, data: { code: "MCP_SESSION_NOT_FOUND" } } });
};

/** The response, with `done` called once its body has been sent or the client stopped reading it. */
function whenSent(response: Response, done: () => void): Response {
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    done();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) {
        done();
        controller.close();
      } else controller.enqueue(next.value);
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A request of a session (`live`, or a new one `open` makes for an initialize): a GET (the session's stream) or a
 * POST with requests in it is answered as an SSE stream, which takes a slot of the server's stream budget first
 * (refused with 503 STREAM_LIMIT_REACHED before anything runs); the slot and the session's busy mark are given back
 * when the answer ends. A new session its initialize did not open is closed at once.
 */
async function handle(
  event: H3Event,
  sessions: McpSessions,
  session: { live: Live } | { open: () => Promise<Live> },
  parsedBody: unknown,
): Promise<Response> {
  const messages = Array.isArray(parsedBody) ? parsedBody : [parsedBody];
  const streams = event.req.method === "GET" || messages.some((message) => isJSONRPCRequest(message));
  const slot = streams
    ? routeContext(event)
        .services.resolve(StreamSlots)
        .take(getRequestIP(event) ?? "")
    : undefined;
  let live: Live | undefined;
  let answered = () => {};
  const done = () => {
    answered();
    slot?.release();
  };
  try {
    live = "live" in session ? session.live : await session.open();
    answered = sessions.begin(live);
    const response = await live.transport.handleRequest(event.req, { parsedBody });
    if (!("live" in session) && live.transport.sessionId === undefined) void live.transport.close();
    return whenSent(response, done);
  } catch (error) {
    done();
    if (live && !("live" in session)) void live.transport.close();
    throw error;
  }
}

/**
 * POST, GET and DELETE /mcp: MCP's Streamable HTTP transport behind serve's checks (token, Host, Origin, shutdown).
 * A POST body is read by the one body reader with serve's limits and checked as JSON-RPC 2.0 before the SDK sees it;
 * every refusal here is a JSON-RPC error response (-32700, -32600, -32602; our code in `error.data` for caps).
 */
export default defineHandler(async (event: H3Event) => {
  const context = routeContext(event);
  const sessions = sessionsOf(event);
  let parsedBody: unknown;
  if (event.req.method === "POST") {
    const checked = await readRpcBody(event);
    if (checked instanceof Response) return checked;
    if (!checked.ok)
      return rpcResponse(checked.reply.error.code === ErrorCode.InvalidParams ? 200 : 400, checked.reply);
    parsedBody = checked.batch ? checked.messages : checked.messages[0];
  }
  try {
    const id = event.req.headers.get("mcp-session-id");
    if (id) {
      const live = sessions.get(id);
      return live ? await handle(event, sessions, { live }, parsedBody) : notFound();
    }
    if (!isInitializeRequest(parsedBody)) {
      return rpcResponse(
        400,
        rpcError(
          ErrorCode.ConnectionClosed,
          "Bad Request: no valid session id (Mcp-Session-Id); send initialize first",
        ),
      );
    }
    // The agent a session speaks for is named once, when it starts: ?agent= or the X-Clawperator-Agent header.
    const agentId = event.url.searchParams.get("agent") ?? event.req.headers.get("x-clawperator-agent") ?? undefined;
    return await handle(event, sessions, { open: () => sessions.open(context, agentId || undefined) }, parsedBody);
  } catch (error) {
    if (error instanceof ClawperatorError) return refusal(error);
    throw error;
  }
});
