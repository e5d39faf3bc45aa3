import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { rawRequest } from "./raw-request.ts";
import { anExecution, startServe, type RunningServe } from "./serve-process.ts";
import { connectSse } from "./sse-client.ts";
import { jsonAt } from "../../helpers/json-at.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

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

  describe("with --token", () => {
    let serve: RunningServe;
    beforeAll(async () => {
      serve = await startServe(session, ["--host", "0.0.0.0", "--token", "s3cret-token"]);
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
        headers: { authorization: "Bearer s3cret-token" },
      });
      expect(right.status).toBe(200);
      expect(right.body.devices).toContainEqual(expect.objectContaining({ serial: device.serial }));
      expect((await serve.request("/health")).status).toBe(200);
    });

    it("the OpenAPI document declares the bearer scheme", async () => {
      const { body } = await serve.request("/openapi.json", { headers: { authorization: "Bearer s3cret-token" } });
      expect(jsonAt(body, "components", "securitySchemes", "bearer")).toEqual({ type: "http", scheme: "bearer" });
      expect(jsonAt(body, "paths", "/execute", "post", "security")).toEqual([{ bearer: [] }]);
      expect(jsonAt(body, "paths", "/health", "get", "security")).toEqual([]);
    });
  });

  it("the token may come from CLAWPERATOR_SERVE_TOKEN", async () => {
    const serve = await startServe(session, [], { env: { CLAWPERATOR_SERVE_TOKEN: "from-env" } });
    try {
      expect((await serve.request("/devices")).status).toBe(401);
      expect((await serve.request("/devices", { headers: { authorization: "Bearer from-env" } })).status).toBe(200);
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

  it.each([
    ["http://evil.example", 403],
    ["null", 403],
    ["http://localhost:PORT", 200],
    ["http://127.0.0.1:PORT", 200],
  ])("Origin %s → %d (no device runs for a foreign page)", async (origin, status) => {
    const sent = anExecution([{ id: "s", type: "snapshot_ui" }]);
    const { status: actual, body } = await rawRequest(serve.banner.port, {
      method: "POST",
      path: "/execute",
      headers: {
        host: `127.0.0.1:${serve.banner.port}`,
        origin: origin.replace("PORT", String(serve.banner.port)),
        "content-type": "application/json",
      },
      body: JSON.stringify({ execution: sent, deviceId: device.serial }),
    });
    expect(actual).toBe(status);
    if (status === 403) expect(body).toMatchObject({ ok: false, error: { code: "ORIGIN_NOT_ALLOWED" } });
    else expect(jsonAt(body, "envelope", "commandId")).toBe(sent.commandId);
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
