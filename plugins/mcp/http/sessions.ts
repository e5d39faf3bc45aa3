import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { RouteRequestContext } from "../../../core/kernel/index.ts";
import { createMcpServer, type McpSession } from "../server/create-mcp-server.ts";

interface Live {
  transport: WebStandardStreamableHTTPServerTransport;
  session: McpSession;
}

/**
 * The MCP sessions of one `serve` process, as the SDK's Streamable HTTP transport defines them: `initialize` opens
 * one (its id in `Mcp-Session-Id`), DELETE or the server's shutdown ends it. Each has its own MCP server over the
 * one kernel, so every client shares the per-device result streams and device locks.
 */
export class McpSessions {
  readonly #live = new Map<string, Live>();
  #watching?: AbortSignal;

  get(id: string): Live | undefined {
    return this.#live.get(id);
  }

  async open(context: RouteRequestContext, agentId?: string): Promise<WebStandardStreamableHTTPServerTransport> {
    this.#closeOn(context.shutdown);
    const session = await createMcpServer(context.services, context.logger, agentId ? { agentId } : {});
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.#live.set(id, { transport, session });
      },
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id) this.#live.delete(id);
      void session.close();
    };
    await session.server.connect(transport);
    return transport;
  }

  /** On shutdown every session closes, which ends its open SSE streams, so the server can drain. */
  #closeOn(shutdown: AbortSignal): void {
    if (this.#watching === shutdown) return;
    this.#watching = shutdown;
    shutdown.addEventListener("abort", () => void this.closeAll(), { once: true });
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#live.values()].map(({ transport }) => transport.close()));
  }
}
