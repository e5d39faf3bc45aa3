import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Kernel, RouteRequestContext } from "../../../core/kernel/index.ts";
import { AgentTools } from "../../../core/services/agent-tools.ts";
import { createEventBus, EventBus } from "../../../core/services/event-bus.ts";
import { McpSessions } from "../../../plugins/mcp/http/sessions.ts";
import { boot, silentLogger } from "../../helpers/boot-kernel.ts";

let kernel: Kernel;
let context: RouteRequestContext;
let subscriptions: number;
let now: number;
let shutdown: AbortController;

beforeEach(async () => {
  kernel = await boot([]);
  kernel.services.register(AgentTools, { useValue: { list: async () => [] } });
  const bus = createEventBus();
  subscriptions = 0;
  // Counts what sessions subscribe to, so a closed session is seen to let go of the runtime's events.
  kernel.services.register(EventBus, {
    useValue: {
      emit: bus.emit,
      on(event, listener) {
        subscriptions++;
        const off = bus.on(event, listener);
        return () => {
          subscriptions--;
          off();
        };
      },
    },
  });
  shutdown = new AbortController();
  context = { services: kernel.services, config: {}, logger: silentLogger, shutdown: shutdown.signal };
  now = 0;
});
afterEach(async () => {
  shutdown.abort();
  await kernel.dispose();
});

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

/** Opens a session and answers its initialize, as POST /mcp does; returns its id. */
async function initialized(sessions: McpSessions): Promise<string> {
  const live = await sessions.open(context);
  const request = new Request("http://127.0.0.1/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(INITIALIZE),
  });
  const done = sessions.begin(live);
  const response = await live.transport.handleRequest(request, { parsedBody: INITIALIZE });
  await response.text();
  done();
  return live.transport.sessionId!;
}

describe("MCP sessions over HTTP", () => {
  it("holds at most `max` live at once: an initialize over the cap is MCP_SESSION_LIMIT_REACHED", async () => {
    const sessions = new McpSessions({ max: 2, idleMs: 60_000 }, shutdown.signal, { now: () => now });
    await initialized(sessions);
    const second = await initialized(sessions);
    const refused = await sessions.open(context).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClawperatorError);
    expect((refused as ClawperatorError).code).toBe("MCP_SESSION_LIMIT_REACHED");
    // Ending one makes room.
    await sessions.get(second)!.transport.close();
    expect(sessions.size).toBe(1);
    await initialized(sessions);
    expect(sessions.size).toBe(2);
  });

  it("expires a session idle for longer than idleMs, and frees what it held", async () => {
    const sessions = new McpSessions({ max: 8, idleMs: 1_000 }, shutdown.signal, { now: () => now });
    const baseline = subscriptions;
    const id = await initialized(sessions);
    expect(subscriptions).toBeGreaterThan(baseline);
    now += 1_000;
    expect(sessions.get(id)).toBeDefined();
    now += 2_000;
    sessions.sweep();
    now += 1;
    expect(sessions.get(id)).toBeUndefined();
    expect(sessions.size).toBe(0);
    expect(subscriptions).toBe(baseline);
  });

  it("never expires a session while one of its requests is being answered", async () => {
    const sessions = new McpSessions({ max: 8, idleMs: 1_000 }, shutdown.signal, { now: () => now });
    const id = await initialized(sessions);
    const answered = sessions.begin(sessions.get(id)!);
    now += 5_000;
    sessions.sweep();
    expect(sessions.get(id)).toBeDefined();
    answered();
    now += 1_001;
    sessions.sweep();
    expect(sessions.get(id)).toBeUndefined();
  });
});
