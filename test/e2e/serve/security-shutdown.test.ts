import { readFileSync, statSync } from "node:fs";
import { chmod, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { jsonBodyOf, rawRequest, trickleClient } from "./raw-request.ts";
import { anExecution, startServe, type RunningServe } from "./serve-process.ts";
import { connectSse } from "./sse-client.ts";
import { jsonAt } from "../../helpers/json-at.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";

const session = virtualSession();
const TOKEN = "s3cret-token-of-32-characters-xx";
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

let files = 0;
/** A token file as a user keeps one: theirs, 0600 unless `mode` says otherwise. */
async function tokenFile(token: string, mode = 0o600): Promise<string> {
  const path = join(session.harness.home, `token-${++files}`);
  await writeFile(path, `${token}\n`, { mode });
  await chmod(path, mode);
  return path;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("serve: binding and the token", () => {
  it("binding anything but loopback without a token is refused: SERVE_TOKEN_REQUIRED, exit 1, nothing listens", async () => {
    const { exitCode, body } = await session.json(["serve", "--host", "0.0.0.0", "--port", "0"]);
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({ code: "SERVE_TOKEN_REQUIRED", details: { host: "0.0.0.0" } });
  });

  describe("with --token-file", () => {
    let serve: RunningServe;
    beforeAll(async () => {
      serve = await startServe(session, ["--host", "0.0.0.0", "--token-file", await tokenFile(TOKEN)]);
    });
    afterAll(async () => {
      await serve?.stop();
    });

    it("the banner says the server is on every interface and needs a bearer token", () => {
      expect(serve.banner).toMatchObject({
        host: "0.0.0.0",
        auth: "bearer",
        exposure: "every network interface of this machine",
      });
    });

    it("every route but /health needs Authorization: Bearer <token>: 401 UNAUTHORIZED without it or with a wrong one", async () => {
      const none = await serve.request("/devices");
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(none.body).toMatchObject({ ok: false, error: { code: "UNAUTHORIZED" } });
      expect((await serve.request("/devices", { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
      expect((await serve.request("/no/such/route")).status).toBe(401);
      expect((await serve.request("/execute", { body: { execution: anExecution([]) } })).status).toBe(401);

      const right = await serve.request<{ devices: unknown[] }>("/devices", {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.status).toBe(200);
      expect(right.body.devices).toContainEqual(expect.objectContaining({ serial: device.serial }));
      expect((await serve.request("/health")).status).toBe(200);
    });

    it("the OpenAPI document declares the bearer scheme", async () => {
      const { body } = await serve.request("/openapi.json", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(jsonAt(body, "components", "securitySchemes", "bearer")).toEqual({ type: "http", scheme: "bearer" });
      expect(jsonAt(body, "paths", "/execute", "post", "security")).toEqual([{ bearer: [] }]);
      expect(jsonAt(body, "paths", "/health", "get", "security")).toEqual([]);
    });
  });

  it("a token under 16 characters is refused (USAGE, exit 1), and --help says so", async () => {
    const { exitCode, body } = await session.json(["serve", "--port", "0", "--token-file", await tokenFile("x")]);
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({ code: "USAGE", message: expect.stringContaining("at least 16 characters") });
    expect((await session.cli(["serve", "--help"])).stdout).toMatch(/--token-file[^\n]*16\+ characters/);
  });

  it("takes no token on its command line, where every local user reads it (`ps`)", async () => {
    const { exitCode, body } = await session.json(["serve", "--port", "0", "--token", TOKEN]);
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({ code: "USAGE", message: expect.stringContaining("--token-file") });
  });

  it("refuses a token file others may read, and writes a new token 0600 where there is no file (nor folder)", async () => {
    const loose = await tokenFile(TOKEN, 0o644);
    const { exitCode, body } = await session.json(["serve", "--port", "0", "--token-file", loose]);
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({ code: "USAGE", message: expect.stringContaining("others may read it") });
    // README's path: ~/.config/clawperator/token, whose folder a new machine does not have.
    const fresh = join(session.harness.home, `config-${process.pid}`, "clawperator", "token");
    const serve = await startServe(session, ["--token-file", fresh]);
    try {
      expect(serve.banner).toMatchObject({ auth: "bearer", tokenFile: fresh, tokenGenerated: true });
      expect(statSync(fresh).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(fresh)).mode & 0o777).toBe(0o700);
      const token = readFileSync(fresh, "utf8").trim();
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect((await serve.request("/devices")).status).toBe(401);
      expect((await serve.request("/devices", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await serve.stop();
    }
  });

  it("the token may come from CLAWPERATOR_SERVE_TOKEN", async () => {
    const fromEnv = "from-the-environment-0123";
    const serve = await startServe(session, [], { env: { CLAWPERATOR_SERVE_TOKEN: fromEnv } });
    try {
      expect((await serve.request("/devices")).status).toBe(401);
      expect((await serve.request("/devices", { headers: { authorization: `Bearer ${fromEnv}` } })).status).toBe(200);
    } finally {
      await serve.stop();
    }
  });
});

describe("serve: Host and Origin (DNS rebinding)", () => {
  let serve: RunningServe;
  beforeAll(async () => {
    serve = await startServe(session, ["--allowed-hosts", "phones.internal"]);
  });
  afterAll(async () => {
    await serve?.stop();
  });

  it.each([
    ["127.0.0.1:PORT", 200],
    ["localhost:PORT", 200],
    ["[::1]:PORT", 200],
    ["phones.internal", 200],
    ["evil.example", 403],
    ["evil.example:PORT", 403],
    ["127.0.0.1.evil.example", 403],
  ])("Host %s → %d", async (host, status) => {
    const { status: actual, body } = await rawRequest(serve.banner.port, {
      path: "/devices",
      headers: { host: host.replace("PORT", String(serve.banner.port)) },
    });
    expect(actual).toBe(status);
    if (status === 403) expect(body).toMatchObject({ ok: false, error: { code: "HOST_NOT_ALLOWED" } });
  });

  /** POST /execute as a browser on `origin` sends it: the page's origin, a content type needing no preflight. */
  const fromPage = (port: number, origin: string, contentType: string, headers: Record<string, string> = {}) => {
    const sent = anExecution([{ id: "s", type: "snapshot_ui" }]);
    return rawRequest(port, {
      method: "POST",
      path: "/execute",
      headers: {
        host: `127.0.0.1:${port}`,
        origin: origin.replace("PORT", String(port)),
        "content-type": contentType,
        ...headers,
      },
      body: JSON.stringify({ execution: sent, deviceId: device.serial }),
    }).then((answer) => ({ ...answer, sent }));
  };

  it.each([
    ["http://evil.example", "application/json", 403],
    ["null", "application/json", 403],
    ["http://localhost:9999", "text/plain", 403],
    ["http://localhost:9999", "application/json", 403],
    ["http://localhost:PORT", "application/json", 403],
    ["http://127.0.0.1:PORT", "text/plain", 415],
    ["http://127.0.0.1:PORT", "application/json", 200],
  ])("Origin %s, %s → %d (only the server's own origin drives the device)", async (origin, type, status) => {
    const { status: actual, body, sent } = await fromPage(serve.banner.port, origin, type);
    expect(actual).toBe(status);
    if (status === 403) expect(body).toMatchObject({ ok: false, error: { code: "ORIGIN_NOT_ALLOWED" } });
    else if (status === 415) expect(body).toMatchObject({ ok: false, error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    else expect(jsonAt(body, "envelope", "commandId")).toBe(sent.commandId);
  });

  it("with a token, another loopback origin is refused too; an origin allowed with --allowed-origins passes", async () => {
    const guarded = await startServe(session, [
      "--token-file",
      await tokenFile(TOKEN),
      "--allowed-origins",
      "http://localhost:5173",
    ]);
    try {
      const auth = { authorization: `Bearer ${TOKEN}` };
      const port = guarded.banner.port;
      expect((await fromPage(port, "http://localhost:9999", "application/json", auth)).status).toBe(403);
      const allowed = await fromPage(port, "http://localhost:5173", "application/json", auth);
      expect(allowed.status).toBe(200);
      expect(jsonAt(allowed.body, "envelope", "commandId")).toBe(allowed.sent.commandId);
    } finally {
      await guarded.stop();
    }
  });
});

describe("serve: slow clients", () => {
  const head = (port: number, extra = "") =>
    `POST /execute HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
    `Content-Length: 100000\r\n${extra}\r\n{`;

  it("a request whose body or headers do not arrive within --request-timeout-ms is answered 408 and closed", async () => {
    const serve = await startServe(session, ["--request-timeout-ms", "1000"]);
    try {
      const port = serve.banner.port;
      const slowBody = trickleClient(port, head(port));
      const slowHeaders = trickleClient(port, `POST /execute HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `, {
        byte: "a",
      });
      for (const answer of [await slowBody.answer, await slowHeaders.answer]) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(jsonBodyOf(answer)).toMatchObject({
          ok: false,
          error: { code: "REQUEST_TIMEOUT", details: { requestTimeoutMs: 1000 } },
        });
      }
      expect((await serve.request("/health")).status).toBe(200);
    } finally {
      await serve.stop();
    }
  });

  it("SIGTERM with a client sending its body a byte at a time: it is answered 503 and closed, and serve exits 0", async () => {
    const serve = await startServe(session);
    const port = serve.banner.port;
    // Node answers `Expect: 100-continue` once it has read the headers: the request is then the server's.
    const slowBody = trickleClient(port, head(port, "Expect: 100-continue\r\n"));
    expect(await slowBody.firstBytes).toMatch(/^HTTP\/1\.1 100 Continue/);
    const slowHeaders = trickleClient(port, `GET /devices HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
    const { exitCode, stderr } = await serve.stop("SIGTERM");
    expect(exitCode).toBe(0);
    expect(stderr).toContain("1 of them still arriving: answered 503 and closed");
    const answer = await slowBody.answer;
    expect(answer).toMatch(/HTTP\/1\.1 503 /);
    expect(jsonBodyOf(answer)).toMatchObject({ ok: false, error: { code: "SERVER_SHUTTING_DOWN" } });
    await slowHeaders.answer;
    expect(alive(serve.pid)).toBe(false);
  });
});

describe("serve: graceful shutdown", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "on %s the execution in flight finishes, SSE streams end, new requests are refused and the process exits 0",
    async (signal) => {
      const serve = await startServe(session);
      const sse = await connectSse(`${serve.url}/events`);
      await sse.next((e) => e.event === "heartbeat");
      const started = new Promise<void>((resolve) => {
        const off = device.device.state.log.subscribe((entries) => {
          if (entries.some((entry) => entry.message.includes("step_start id=nap type="))) {
            off();
            resolve();
          }
        });
      });
      const execution = anExecution([{ id: "nap", type: "sleep", params: { durationMs: 1_500 } }]);
      const inFlight = serve.request<ExecutionOutput>("/execute", { body: { execution, deviceId: device.serial } });
      await started;
      const stopped = serve.stop(signal);

      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.body.envelope).toMatchObject({ commandId: execution.commandId, status: "success" });
      await sse.ended;
      const { exitCode, stderr } = await stopped;
      expect(exitCode).toBe(0);
      expect(stderr).toContain(`${signal}: shutting down`);
      expect(alive(serve.pid)).toBe(false);
      await expect(fetch(`${serve.url}/health`)).rejects.toThrow();
    },
  );
});
