import { existsSync, watch } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { startServe, type RunningServe } from "./serve-process.ts";
import { connectSse, type SseClient } from "./sse-client.ts";

const session = virtualSession();
const TOKEN = "caps-e2e-token-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };
let serial: string;
let serve: RunningServe;

beforeAll(async () => {
  serial = (await session.startDevice()).serial;
  const dir = join(session.harness.home, "capped");
  await mkdir(dir);
  await writeFile(
    join(dir, ".clawperatorrc.json"),
    JSON.stringify({ serve: { maxStreams: 6, maxStreamsPerClient: 4 }, mcp: { maxSessions: 3 } }),
  );
  serve = await startServe(session, [], { cwd: dir, env: { CLAWPERATOR_SERVE_TOKEN: TOKEN } });
});
afterAll(async () => {
  await serve?.stop();
});

const mcpHeaders = { ...auth, "content-type": "application/json", accept: "application/json, text/event-stream" };

async function initialize(): Promise<{ status: number; id: string | null; body: string }> {
  const response = await fetch(`${serve.url}/mcp`, {
    method: "POST",
    headers: mcpHeaders,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "caps", version: "1" } },
    }),
  });
  return { status: response.status, id: response.headers.get("mcp-session-id"), body: await response.text() };
}

/** Resolves once the device's lock file exists: an execution holds the device. */
async function lockTaken(): Promise<void> {
  const locks = join(session.harness.home, ".clawperator", "locks");
  await mkdir(locks, { recursive: true, mode: 0o700 });
  const lock = join(locks, `${encodeURIComponent(serial)}.lock`);
  const watcher = watch(locks);
  await new Promise<void>((resolve) => {
    watcher.on("change", () => existsSync(lock) && resolve());
    if (existsSync(lock)) resolve();
  });
  watcher.close();
}

const mcpPost = (id: string, message: object, signal?: AbortSignal) =>
  fetch(`${serve.url}/mcp`, {
    method: "POST",
    headers: { ...mcpHeaders, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify(message),
    ...(signal ? { signal } : {}),
  });

describe("serve's caps keep one client from taking the server from everyone", () => {
  it("refuses /events streams over a client's share with 503 STREAM_LIMIT_REACHED; the API keeps answering", async () => {
    const held: SseClient[] = [];
    for (let i = 0; i < 4; i++) held.push(await connectSse(`${serve.url}/events`, auth));
    const refused = await serve.request<{ ok: false; error: { code: string } }>("/events", { headers: auth });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe("STREAM_LIMIT_REACHED");
    expect((await serve.request("/health")).status).toBe(200);
    expect((await serve.request("/devices", { headers: auth })).status).toBe(200);
    // A stream that ends gives its slot back (as soon as the server sees the client gone).
    held.pop()!.close();
    await expect
      .poll(
        async () => {
          const again = await connectSse(`${serve.url}/events`, auth).catch(() => undefined);
          if (again) held.push(again);
          return again !== undefined;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    for (const stream of held) stream.close();
  });

  it("caps MCP sessions: an initialize over the cap is a JSON-RPC error with 503 and our code", async () => {
    const opened = [await initialize(), await initialize(), await initialize()];
    for (const session of opened) expect(session.status, session.body).toBe(200);
    const over = await initialize();
    expect(over.status).toBe(503);
    expect(JSON.parse(over.body)).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, data: { code: "MCP_SESSION_LIMIT_REACHED" } },
    });
    // Ending a session frees its place; its id is then unknown.
    const ended = opened[0]!.id!;
    const deleted = await fetch(`${serve.url}/mcp`, {
      method: "DELETE",
      headers: { ...auth, "mcp-session-id": ended, "mcp-protocol-version": "2025-06-18" },
    });
    expect(deleted.status).toBe(200);
    expect((await initialize()).status).toBe(200);
    const gone = await mcpPost(ended, { jsonrpc: "2.0", id: 2, method: "ping" });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { data: { code: "MCP_SESSION_NOT_FOUND" } } });
    for (const session of opened.slice(1))
      await fetch(`${serve.url}/mcp`, {
        method: "DELETE",
        headers: { ...auth, "mcp-session-id": session.id!, "mcp-protocol-version": "2025-06-18" },
      });
  });

  it("ends the POST stream of a cancelled tools/call instead of keeping it open with keepalives", async () => {
    const opened = await initialize();
    const id = opened.id!;
    await mcpPost(id, { jsonrpc: "2.0", method: "notifications/initialized" });
    const locked = lockTaken();
    // Not awaited: the server sends the answer's headers with its first event.
    const call = mcpPost(id, {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: {
        name: "clawperator_execute",
        arguments: {
          deviceId: serial,
          execution: {
            commandId: "caps-cancel-1",
            taskId: "caps",
            source: "e2e",
            expectedFormat: "android-ui-automator",
            timeoutMs: 30_000,
            actions: [{ id: "s", type: "sleep", params: { durationMs: 2000 } }],
          },
        },
      },
    });
    await locked;
    const cancelled = await mcpPost(id, {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 7, reason: "enough" },
    });
    expect(cancelled.status).toBe(202);
    // The stream ends with no answer in it; before, it stayed open (and sent keepalives) for as long as the client
    // held the connection.
    const answer = await call;
    expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await answer.text();
    expect(text).not.toContain('"id":7');
  });
});
