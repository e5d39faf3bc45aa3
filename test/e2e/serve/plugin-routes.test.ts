import { cp, mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import type { HttpErrorBody } from "../../helpers/cli-output.ts";
import { jsonAt } from "../../helpers/json-at.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { startServe, type RunningServe } from "./serve-process.ts";

const session = virtualSession();
const makeDir = tempDirs();

/**
 * Routes a plugin in the user's config contributes: typed params with lazy zod schemas, a ClawperatorError, h3's own
 * body errors.
 */
const CONFIG = `import { defineConfig } from "clawperator/config";
import { ClawperatorError, definePlugin } from "clawperator";
import { readBody } from "h3";
import { readJsonBody } from "clawperator/http";
import { z } from "zod";

const farm = definePlugin({
  name: "farm",
  setup(ctx) {
    ctx.routes.add({
      method: "GET",
      path: "/farm/phones/:name",
      description: "One phone of the farm",
      schemas: async () => {
        const { z } = await import("zod");
        return { params: z.object({ name: z.string() }), response: z.object({ ok: z.literal(true), name: z.string() }) };
      },
      load: async () => ({
        default: (event) => {
          const name = event.context.params.name;
          if (name === "ghost") throw new ClawperatorError("DEVICE_NOT_FOUND", "no phone called ghost");
          return { ok: true, name, kernel: typeof event.context.clawperator.services.resolve };
        },
      }),
    });
    ctx.routes.add({ method: "POST", path: "/farm/echo", load: async () => ({ default: async (event) => ({ ok: true, echo: await readBody(event) }) }) });
    ctx.routes.add({
      method: "POST",
      path: "/farm/reserve",
      load: async () => ({
        default: async (event) => ({ ok: true, reserved: (await readJsonBody(event, z.object({ phone: z.string() }))).phone }),
      }),
    });
    ctx.routes.add({ method: "GET", path: "/farm/bug", load: async () => ({ default: () => { throw new TypeError("oops"); } }) });
  },
});

export default defineConfig({ plugins: [["clawperator-plugin-hello", { greeting: "Hi" }], farm] });
`;

let serve: RunningServe;

beforeAll(async () => {
  const project = await makeDir({ "clawperator.config.ts": CONFIG });
  const modules = join(project, "node_modules");
  await mkdir(modules);
  await cp(join(REPO_ROOT, "examples/hello-plugin"), join(modules, "clawperator-plugin-hello"), { recursive: true });
  await symlink(REPO_ROOT, join(modules, "clawperator"), "dir");
  for (const peer of ["zod", "h3"]) await symlink(join(REPO_ROOT, "node_modules", peer), join(modules, peer), "dir");
  serve = await startServe(session, [], { cwd: project });
});
afterAll(async () => {
  await serve?.stop();
});

describe("serve mounts the routes other plugins contribute", () => {
  it("the banner lists them with their plugin", () => {
    expect(serve.banner.routes).toEqual(
      expect.arrayContaining([
        { method: "GET", path: "/hello", plugin: "hello" },
        { method: "GET", path: "/farm/phones/:name", plugin: "farm" },
        { method: "POST", path: "/farm/echo", plugin: "farm" },
      ]),
    );
  });

  it("they answer, with route params and the kernel's services on event.context.clawperator", async () => {
    expect(await serve.request("/hello?name=Ana")).toMatchObject({
      status: 200,
      body: { ok: true, greeting: "Hello, Ana!" },
    });
    expect(await serve.request("/farm/phones/p7")).toMatchObject({
      status: 200,
      body: { ok: true, name: "p7", kernel: "function" },
    });
  });

  it("a ClawperatorError they throw gets the catalogue's status and names the plugin", async () => {
    const { status, body } = await serve.request("/farm/phones/ghost");
    expect(status).toBe(404);
    expect(body).toEqual({
      ok: false,
      error: {
        code: "DEVICE_NOT_FOUND",
        message: "no phone called ghost",
        details: { plugin: "farm", route: "GET /farm/phones/:name" },
      },
    });
  });

  it("h3's own errors (a bad body for readBody) keep their status as JSON; a bug is a 500 INTERNAL_ERROR naming the plugin", async () => {
    const bad = await serve.request("/farm/echo", { method: "POST", raw: "{nope" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
    expect(await serve.request("/farm/echo", { body: { a: 1 } })).toMatchObject({
      status: 200,
      body: { ok: true, echo: { a: 1 } },
    });
    const bug = await serve.request<HttpErrorBody>("/farm/bug");
    expect(bug.status).toBe(500);
    expect(bug.body.error).toMatchObject({ code: "INTERNAL_ERROR", details: { plugin: "farm" } });
    expect(bug.body.error.message).toContain("oops");
  });

  it("a route reading its body with clawperator/http gets the same codes and limits as the core routes", async () => {
    expect(await serve.request("/farm/reserve", { body: { phone: "p7" } })).toMatchObject({
      status: 200,
      body: { ok: true, reserved: "p7" },
    });
    for (const route of ["/farm/reserve", "/execute"]) {
      const malformed = await serve.request(route, { method: "POST", raw: "{nope" });
      expect([route, malformed.status, jsonAt(malformed.body, "error", "code")]).toEqual([route, 400, "INVALID_JSON"]);
      const tooLarge = await serve.request(route, { body: { phone: "x".repeat(300_000) } });
      expect([route, tooLarge.status]).toEqual([route, 413]);
    }
    const wrongShape = await serve.request("/farm/reserve", { body: { phone: 7 } });
    expect(wrongShape.status).toBe(400);
    expect(jsonAt(wrongShape.body, "error", "code")).toBe("EXECUTION_VALIDATION_FAILED");
  });

  it("with no device connected, an observe request without deviceId is 404 NO_DEVICES", async () => {
    const { status, body } = await serve.request("/observe/snapshot", { body: {} });
    expect(status).toBe(404);
    expect(body).toMatchObject({ ok: false, error: { code: "NO_DEVICES" } });
  });

  it("/openapi.json describes them, schemas loaded lazily from zod", async () => {
    const { body } = await serve.request("/openapi.json");
    const phone = jsonAt(body, "paths", "/farm/phones/{name}", "get");
    expect(jsonAt(phone, "tags")).toEqual(["farm"]);
    expect(jsonAt(phone, "parameters")).toEqual([
      { name: "name", in: "path", required: true, schema: { type: "string" } },
    ]);
    expect(jsonAt(phone, "responses", "200", "content", "application/json", "schema", "properties", "name")).toEqual({
      type: "string",
    });
    expect(jsonAt(body, "paths", "/hello", "get", "tags")).toEqual(["hello"]);
    expect(jsonAt(body, "paths", "/farm/echo", "post")).toBeDefined();
  });
});
