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

async function app(options: { token?: string; lifecycle?: Lifecycle } = {}) {
  const kernel: Kernel = await boot([probe]);
  const lifecycle = options.lifecycle ?? new Lifecycle();
  return createServeApp({
    routes: kernel.services.resolve(RouteRegistry).entries(),
    context: { services: kernel.services, config: kernel.config, logger: silentLogger },
    security: { ...(options.token ? { token: options.token } : {}), allowedHosts: allowedHostsFor("127.0.0.1") },
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

  it("once shutdown begins, new requests are 503 SERVER_SHUTTING_DOWN", async () => {
    const lifecycle = new Lifecycle();
    const h3 = await app({ lifecycle });
    lifecycle.beginShutdown();
    expect(await call(h3, "/health")).toMatchObject({ status: 503, body: { error: { code: "SERVER_SHUTTING_DOWN" } } });
  });
});

describe("serve settings", () => {
  it("flags beat the environment's token, which beats the config; defaults are 127.0.0.1:3000", () => {
    expect(resolveSettings({}, {}, {})).toMatchObject({ host: "127.0.0.1", port: 3000, heartbeatMs: 15_000 });
    expect(
      resolveSettings({}, { serve: { port: 4000, token: "cfg" } }, { CLAWPERATOR_SERVE_TOKEN: "env" }),
    ).toMatchObject({ port: 4000, token: "env" });
    expect(
      resolveSettings({ token: "flag", port: "0" }, { serve: { token: "cfg" } }, { CLAWPERATOR_SERVE_TOKEN: "env" }),
    ).toMatchObject({ port: 0, token: "flag" });
  });

  it.each([
    [{ host: "0.0.0.0" }, "SERVE_TOKEN_REQUIRED"],
    [{ host: "192.168.1.20" }, "SERVE_TOKEN_REQUIRED"],
    [{ port: "http" }, "USAGE"],
    [{ port: "70000" }, "USAGE"],
    [{ "heartbeat-ms": "0" }, "USAGE"],
  ])("%j → %s", (flags, code) => {
    expect(() => resolveSettings(flags, {}, {})).toThrow(expect.objectContaining({ code }));
  });

  it("loopback in any spelling needs no token", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
      expect(resolveSettings({ host }, {}, {}).host).toBe(host);
  });
});
