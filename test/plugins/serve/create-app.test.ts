import { describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { definePlugin, RouteRegistry, type Kernel } from "../../../core/kernel/index.ts";
import { createServeApp } from "../../../plugins/serve/server/create-app.ts";
import { Lifecycle } from "../../../plugins/serve/server/lifecycle.ts";
import { allowedHostsFor } from "../../../plugins/serve/server/security.ts";
import { resolveSettings } from "../../../plugins/serve/server/settings.ts";
import { boot, silentLogger } from "../../helpers/boot-kernel.ts";

/** A plugin whose routes exercise the app's plumbing without a device. */
const probe = definePlugin({
  name: "probe",
  setup(ctx) {
    ctx.routes.add({
      method: "GET",
      path: "/things/:id",
      load: async () => ({
        default: (event) => ({
          ok: true,
          id: event.context.params?.id,
          hasKernel: Boolean(event.context.clawperator?.services),
        }),
      }),
    });
    ctx.routes.add({
      method: "POST",
      path: "/things/:id",
      load: async () => ({
        default: () => {
          throw new ClawperatorError("EXECUTION_CONFLICT_IN_FLIGHT", "busy");
        },
      }),
    });
    ctx.routes.add({ method: "GET", path: "/health", load: async () => ({ default: () => ({ ok: true }) }) });
  },
});

async function app(options: { token?: string; lifecycle?: Lifecycle; allowedOrigins?: string[] } = {}) {
  const kernel: Kernel = await boot([probe]);
  const lifecycle = options.lifecycle ?? new Lifecycle();
  return createServeApp({
    routes: kernel.services.resolve(RouteRegistry).entries(),
    context: { services: kernel.services, config: kernel.config, logger: silentLogger },
    security: {
      ...(options.token ? { token: options.token } : {}),
      allowedHosts: allowedHostsFor("127.0.0.1"),
      allowedOrigins: new Set(options.allowedOrigins),
    },
    lifecycle,
  });
}

const call = async (h3: Awaited<ReturnType<typeof app>>, path: string, init: RequestInit = {}) => {
  const response = await h3.request(`http://127.0.0.1:3000${path}`, init);
  return { status: response.status, body: await response.json(), headers: response.headers };
};

describe("the serve app (in process, h3 app.request)", () => {
  it("mounts registry routes with params and the kernel context", async () => {
    expect(await call(await app(), "/things/7")).toMatchObject({
      status: 200,
      body: { ok: true, id: "7", hasKernel: true },
    });
  });

  it("maps a route's ClawperatorError to its catalogue status, attributed to the plugin", async () => {
    const { status, body } = await call(await app(), "/things/7", { method: "POST" });
    expect(status).toBe(423);
    expect(body).toEqual({
      ok: false,
      error: {
        code: "EXECUTION_CONFLICT_IN_FLIGHT",
        message: "busy",
        details: { plugin: "probe", route: "POST /things/:id" },
      },
    });
  });

  it("unknown path → 404 ROUTE_NOT_FOUND; known path, other method → 405 with Allow listing its methods", async () => {
    const h3 = await app();
    expect(await call(h3, "/nothing")).toMatchObject({
      status: 404,
      body: { ok: false, error: { code: "ROUTE_NOT_FOUND" } },
    });
    const wrong = await call(h3, "/things/7", { method: "DELETE" });
    expect(wrong).toMatchObject({ status: 405, body: { ok: false, error: { code: "METHOD_NOT_ALLOWED" } } });
    expect(wrong.headers.get("allow")).toBe("GET, POST");
  });

  it("a token guards every route but GET /health, checked before routing", async () => {
    const h3 = await app({ token: "t0k3n" });
    expect(await call(h3, "/things/7")).toMatchObject({ status: 401, body: { error: { code: "UNAUTHORIZED" } } });
    expect(await call(h3, "/nothing")).toMatchObject({ status: 401 });
    expect(await call(h3, "/things/7", { headers: { authorization: "bearer t0k3n" } })).toMatchObject({ status: 200 });
    expect(await call(h3, "/health")).toMatchObject({ status: 200 });
  });

  it.each([
    ["no Origin (an agent, curl)", {}, 200],
    ["the server's own origin (a page it serves)", { origin: "http://127.0.0.1:3000" }, 200],
    ["another port of localhost", { origin: "http://localhost:9999" }, 403],
    ["the same port under another loopback name", { origin: "http://localhost:3000" }, 403],
    ["another port of 127.0.0.1", { origin: "http://127.0.0.1:3001" }, 403],
    ["an opaque origin", { origin: "null" }, 403],
    ["a foreign site", { origin: "https://evil.example" }, 403],
  ])("Origin: %s → %d, with or without a token", async (_name, headers, status) => {
    const token = "0123456789abcdef";
    for (const h3 of [await app(), await app({ token })]) {
      const response = await call(h3, "/things/7", { headers: { ...headers, authorization: `Bearer ${token}` } });
      expect(response.status).toBe(status);
      if (status === 403) expect(response.body).toMatchObject({ error: { code: "ORIGIN_NOT_ALLOWED" } });
    }
  });

  it("an origin allowed explicitly passes; the check compares normalized origins", async () => {
    const h3 = await app({ allowedOrigins: ["http://localhost:5173"] });
    expect((await call(h3, "/things/7", { headers: { origin: "http://LOCALHOST:5173" } })).status).toBe(200);
    expect((await call(h3, "/things/7", { headers: { origin: "http://localhost:5174" } })).status).toBe(403);
  });

  it("once shutdown begins, new requests are 503 SERVER_SHUTTING_DOWN", async () => {
    const lifecycle = new Lifecycle();
    const h3 = await app({ lifecycle });
    lifecycle.beginShutdown();
    expect(await call(h3, "/health")).toMatchObject({ status: 503, body: { error: { code: "SERVER_SHUTTING_DOWN" } } });
  });
});

describe("serve settings", () => {
  const [cfg, env, flag] = ["config", "environment", "flag"].map((source) => `${source}-token`.padEnd(16, "x"));

  it("flags beat the environment's token, which beats the config; defaults are 127.0.0.1:3000", () => {
    expect(resolveSettings({}, {}, {})).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      heartbeatMs: 15_000,
      requestTimeoutMs: 10_000,
      allowedOrigins: [],
    });
    expect(resolveSettings({}, { serve: { port: 4000, token: cfg } }, { CLAWPERATOR_SERVE_TOKEN: env })).toMatchObject({
      port: 4000,
      token: env,
    });
    expect(
      resolveSettings({ token: flag, port: "0" }, { serve: { token: cfg } }, { CLAWPERATOR_SERVE_TOKEN: env }),
    ).toMatchObject({ port: 0, token: flag });
  });

  it.each([
    [{ givenToken: "x" }, {}, {}, "the token"],
    [{ token: "x" }, {}, {}, "--token"],
    [{}, {}, { CLAWPERATOR_SERVE_TOKEN: "short-secret" }, "CLAWPERATOR_SERVE_TOKEN"],
    [{}, { serve: { token: "fifteen-chars.." } }, {}, "config serve.token"],
  ])("a token under 16 characters is refused, naming where it came from (%j %j %j)", (flags, config, envs, source) => {
    expect(() => resolveSettings(flags, config, envs)).toThrow(
      expect.objectContaining({
        code: "USAGE",
        message: expect.stringMatching(new RegExp(`^${source} must be at least 16 characters`)),
      }),
    );
  });

  it("allowed origins come from --allowed-origins and the config, normalized; a non-origin is USAGE", () => {
    expect(
      resolveSettings(
        { "allowed-origins": "http://LOCALHOST:5173, https://ops.example" },
        { serve: { allowedOrigins: ["http://x:80"] } },
        {},
      ).allowedOrigins,
    ).toEqual(["http://localhost:5173", "https://ops.example", "http://x"]);
    expect(() => resolveSettings({ "allowed-origins": "localhost:5173" }, {}, {})).toThrow(
      expect.objectContaining({ code: "USAGE" }),
    );
  });

  it.each([
    [{ host: "0.0.0.0" }, "SERVE_TOKEN_REQUIRED"],
    [{ host: "192.168.1.20" }, "SERVE_TOKEN_REQUIRED"],
    [{ port: "http" }, "USAGE"],
    [{ port: "70000" }, "USAGE"],
    [{ "heartbeat-ms": "0" }, "USAGE"],
    [{ "request-timeout-ms": "5" }, "USAGE"],
  ])("%j → %s", (flags, code) => {
    expect(() => resolveSettings(flags, {}, {})).toThrow(expect.objectContaining({ code }));
  });

  it("loopback in any spelling needs no token", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
      expect(resolveSettings({ host }, {}, {}).host).toBe(host);
  });
});
