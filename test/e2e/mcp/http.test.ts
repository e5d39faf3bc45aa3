import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { rawRequest } from "../serve/raw-request.ts";
import { startServe, type RunningServe } from "../serve/serve-process.ts";
import { textOf } from "./mcp-client.ts";

const session = virtualSession();
const TOKEN = "mcp-e2e-token-0123456789";
let serial: string;
let serve: RunningServe;

beforeAll(async () => {
  serial = (await session.startDevice()).serial;
  serve = await startServe(session, [], { env: { CLAWPERATOR_SERVE_TOKEN: TOKEN } });
});
afterAll(async () => {
  await serve?.stop();
});

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };

async function connect(token = TOKEN): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${serve.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: "clawperator-e2e-http", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

describe("MCP over Streamable HTTP at serve's /mcp", () => {
  it("keeps serve's rules: no token 401, a wrong Host or Origin 403", async () => {
    const port = serve.banner.port;
    const host = `127.0.0.1:${port}`;
    const noToken = await rawRequest(port, {
      method: "POST",
      path: "/mcp",
      headers: { host, ...mcpHeaders },
      body: initialize,
    });
    expect(noToken.status).toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}` };
    const wrongHost = await rawRequest(port, {
      method: "POST",
      path: "/mcp",
      headers: { host: `evil.example:${port}`, ...auth, ...mcpHeaders },
      body: initialize,
    });
    expect(wrongHost.status).toBe(403);
    const wrongOrigin = await rawRequest(port, {
      method: "POST",
      path: "/mcp",
      headers: { host, origin: "https://evil.example", ...auth, ...mcpHeaders },
      body: initialize,
    });
    expect(wrongOrigin.status).toBe(403);
    await expect(connect("wrong-token-wrong-token")).rejects.toThrow(/UNAUTHORIZED/);
  });

  it("serves two clients at once, each in its own session, on the one runtime", async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    expect(a.transport.sessionId).toBeDefined();
    expect(a.transport.sessionId).not.toBe(b.transport.sessionId);
    const [listA, listB] = await Promise.all([a.client.listTools(), b.client.listTools()]);
    expect(listA.tools.map((t) => t.name)).toEqual(listB.tools.map((t) => t.name));
    const [devices, snapshot] = await Promise.all([
      a.client.callTool({ name: "clawperator_devices", arguments: {} }),
      b.client.callTool({ name: "clawperator_snapshot", arguments: { deviceId: serial } }),
    ]);
    expect(JSON.stringify(devices.structuredContent)).toContain(serial);
    expect(textOf(snapshot as never)).toContain("<hierarchy");
    // A session the client ended is gone: its id is refused with 404, as the SDK's transport defines.
    const ended = a.transport.sessionId!;
    await a.transport.terminateSession();
    const after = await serve.request("/mcp", {
      method: "POST",
      raw: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
      headers: { ...mcpHeaders, authorization: `Bearer ${TOKEN}`, "mcp-session-id": ended },
    });
    expect(after.status).toBe(404);
    await b.client.close();
  });

  it("refuses a request without a session that is not an initialize", async () => {
    const response = await serve.request("/mcp", {
      method: "POST",
      raw: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      headers: { ...mcpHeaders, authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(400);
  });

  it("`mcp --http` serves /mcp (and /health) alone, with the same token rule", async () => {
    const child = session.spawn(["mcp", "--http", "--port", "0"], { env: { CLAWPERATOR_SERVE_TOKEN: TOKEN } });
    try {
      const banner = await new Promise<{ port: number; routes: { path: string }[] }>((resolve, reject) => {
        let out = "";
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) resolve(JSON.parse(out.slice(0, out.indexOf("\n"))));
        });
        void child.then((result) => reject(new Error(`mcp --http exited: ${result.stderr}`)));
      });
      expect([...new Set(banner.routes.map((r) => r.path))].sort()).toEqual(["/health", "/mcp"]);
      const url = `http://127.0.0.1:${banner.port}`;
      const devices = await fetch(`${url}/devices`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(devices.status).toBe(404);
      const noToken = await fetch(`${url}/mcp`, { method: "POST", headers: mcpHeaders, body: initialize });
      expect(noToken.status).toBe(401);
      const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      });
      const client = new Client({ name: "clawperator-e2e-mcp-http", version: "1.0.0" });
      await client.connect(transport);
      const result = await client.callTool({ name: "clawperator_devices", arguments: {} });
      expect(JSON.stringify(result.structuredContent)).toContain(serial);
      await client.close();
    } finally {
      child.kill("SIGTERM");
      await child.catch(() => undefined);
    }
  });
});
