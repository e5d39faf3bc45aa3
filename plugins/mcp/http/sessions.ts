import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CancelledNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { type Clock, systemClock } from "../../../core/host/clock.ts";
import type { RouteRequestContext } from "../../../core/kernel/index.ts";
import { createMcpServer, type McpSession } from "../server/create-mcp-server.ts";

export interface SessionLimits {
  /** Sessions live at once; an `initialize` over it is refused. */
  max: number;
  /** A session with no request for this long (and none still being answered) is closed. */
  idleMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { max: 64, idleMs: 600_000 };

export interface Live {
  transport: WebStandardStreamableHTTPServerTransport;
  session: McpSession;
  /** When its last request began or its last answer ended (the clock's time). */
  lastSeen: number;
  /** Requests of it being answered now (an open SSE stream among them). */
  busy: number;
}

/**
 * The MCP sessions of one `serve` process, as the SDK's Streamable HTTP transport defines them: `initialize` opens
 * one (its id in `Mcp-Session-Id`), DELETE, idle expiry or the server's shutdown ends it, and ending it closes its
 * MCP server, its streams and its event subscriptions. At most `max` live at once. Each has its own MCP server over
 * the one kernel, so every client shares the per-device result streams and device locks.
 */
export class McpSessions {
  readonly #live = new Map<string, Live>();
  #opening = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly limits: SessionLimits,
    shutdown: AbortSignal,
    private readonly clock: Pick<Clock, "now"> = systemClock,
  ) {
    shutdown.addEventListener("abort", () => void this.closeAll(), { once: true });
    this.#timer = setInterval(() => this.sweep(), Math.min(limits.idleMs, 60_000));
    this.#timer.unref();
  }

  get size(): number {
    return this.#live.size;
  }

  /** The live session of an id (expired ones are gone first). */
  get(id: string): Live | undefined {
    this.sweep();
    return this.#live.get(id);
  }

  /** A new session's transport, before its `initialize` is handled; MCP_SESSION_LIMIT_REACHED when full. */
  async open(context: RouteRequestContext, agentId?: string): Promise<Live> {
    this.sweep();
    if (this.#live.size + this.#opening >= this.limits.max) {
      throw new ClawperatorError(
        "MCP_SESSION_LIMIT_REACHED",
        `this server holds its most MCP sessions (${this.limits.max})`,
        {
          hint:
            "End sessions you no longer use (DELETE /mcp with their Mcp-Session-Id); idle ones expire after " +
            "mcp.sessionIdleMs. mcp.maxSessions in the config sets the cap.",
          details: { limit: this.limits.max },
        },
      );
    }
    this.#opening++;
    try {
      const session = await createMcpServer(context.services, context.logger, agentId ? { agentId } : {});
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          this.#live.set(id, live);
        },
      });
      const live: Live = { session, transport, lastSeen: this.clock.now(), busy: 0 };
      transport.onclose = () => {
        const id = transport.sessionId;
        if (id && this.#live.get(id) === live) this.#live.delete(id);
        void session.close();
      };
      await session.server.connect(live.transport);
      endStreamsOfCancelled(live.transport);
      return live;
    } finally {
      this.#opening--;
    }
  }

  /** Marks a request of the session begun; the returned function marks it answered (its stream, if any, ended). */
  begin(live: Live): () => void {
    live.busy++;
    live.lastSeen = this.clock.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      live.busy--;
      live.lastSeen = this.clock.now();
    };
  }

  /** Closes every session idle for longer than the limit: no request for `idleMs`, and none being answered. */
  sweep(): void {
    const now = this.clock.now();
    for (const live of this.#live.values())
      if (live.busy === 0 && now - live.lastSeen > this.limits.idleMs) void live.transport.close();
  }

  /** On shutdown every session closes, which ends its open SSE streams, so the server can drain. */
  async closeAll(): Promise<void> {
    clearInterval(this.#timer);
    await Promise.all([...this.#live.values()].map(({ transport }) => transport.close()));
  }
}

/**
 * A cancelled request gets no answer (MCP, "Cancellation"), so the SDK would keep its POST's SSE stream open,
 * sending keepalives, for as long as the connection lasts: it is ended when the cancellation arrives.
 */
function endStreamsOfCancelled(transport: WebStandardStreamableHTTPServerTransport): void {
  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    onmessage?.(message, extra);
    const cancelled = CancelledNotificationSchema.safeParse(message);
    const requestId = cancelled.success ? cancelled.data.params.requestId : undefined;
    if (requestId !== undefined) transport.closeSSEStream(requestId);
  };
}
