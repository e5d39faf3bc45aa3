import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { startServe, type RunningServe } from "../serve/serve-process.ts";
import { INITIALIZE, type RawStdio, rawStdio } from "./raw-stdio.ts";

const session = virtualSession();
const TOKEN = "mcp-protocol-token-0123456789";
let serial: string;
let stdio: RawStdio;
let serve: RunningServe;

beforeAll(async () => {
  serial = (await session.startDevice()).serial;
  stdio = await rawStdio(session);
  serve = await startServe(session, [], { env: { CLAWPERATOR_SERVE_TOKEN: TOKEN } });
});
afterAll(async () => {
  await stdio?.leave();
  await serve?.stop();
});

const error = (code: number, id: unknown = null) => ({
  jsonrpc: "2.0",
  id,
  error: { code, message: expect.any(String) },
});
const call = (id: number, args: unknown) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "clawperator_view", arguments: args },
});

/** What JSON-RPC 2.0 and MCP say malformed input gets, the same over both transports. */
const CASES: Array<[string, unknown, object]> = [
  ["text that is not JSON: parse error", "{not json", error(-32700)],
  ["an empty batch: invalid request", "[]", error(-32600)],
  ["a number: invalid request", "42", error(-32600)],
  ["no jsonrpc member: invalid request with its id", { id: 7, method: "ping" }, error(-32600, 7)],
  ["an id that is an object: invalid request", { jsonrpc: "2.0", id: {}, method: "ping" }, error(-32600)],
  ["neither a method nor a result: invalid request", { jsonrpc: "2.0", id: 8 }, error(-32600, 8)],
  [
    "params that are not an object: invalid request",
    { jsonrpc: "2.0", id: 9, method: "ping", params: 3 },
    error(-32600, 9),
  ],
  ["arguments that are a string: invalid params", call(3, "string"), error(-32602, 3)],
  ["a batch with a bad message: refused whole", [{ jsonrpc: "2.0", id: 10, method: "ping" }, 5], error(-32600)],
];

describe("malformed MCP messages over stdio are answered as JSON-RPC 2.0 says", () => {
  it.each(CASES)("%s", async (_, line, expected) => {
    const answer = await stdio.answer(line);
    expect(answer).toEqual(expected);
    // A short message, never a schema dump.
    expect((answer as { error: { message: string } }).error.message.length).toBeLessThan(160);
  });

  it("answers a batch with one array, ignores a batch of notifications, and keeps serving", async () => {
    const batch = await stdio.answer([
      { jsonrpc: "2.0", id: 20, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/roots/list_changed" },
      { jsonrpc: "2.0", id: 21, method: "no/such/method" },
    ]);
    expect(Array.isArray(batch)).toBe(true);
    expect(batch).toEqual(
      expect.arrayContaining([
        { jsonrpc: "2.0", id: 20, result: {} },
        { jsonrpc: "2.0", id: 21, error: expect.objectContaining({ code: -32601 }) },
      ]),
    );
    stdio.send([{ jsonrpc: "2.0", method: "notifications/roots/list_changed" }]);
    const view = (await stdio.answer(call(22, { deviceId: serial }))) as { id: number; result: { isError?: boolean } };
    expect(view.id).toBe(22);
    expect(view.result.isError).toBeFalsy();
  });
});

async function post(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${serve.url}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
  return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
}

describe("malformed MCP messages over HTTP are answered as JSON-RPC 2.0 says", () => {
  it.each(CASES)("%s", async (_, line, expected) => {
    const answer = await post(typeof line === "string" ? line : JSON.stringify(line));
    expect(answer.body).toEqual(expected);
    expect(answer.type).toMatch(/^application\/json/);
    expect(answer.status).toBe((expected as { error: { code: number } }).error.code === -32602 ? 200 : 400);
  });

  it("answers body errors in JSON-RPC's shape with the catalogue's status and our code", async () => {
    const large = await post(JSON.stringify({ ...INITIALIZE, pad: "x".repeat(300_000) }));
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, data: { code: "PAYLOAD_TOO_LARGE" } },
    });
    const text = await post("{}", { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ error: { code: -32600, data: { code: "UNSUPPORTED_MEDIA_TYPE" } } });
  });
});
