import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { H3 } from "h3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeVirtualSdk } from "../../../android/virtual/sdk/index.ts";
import adb from "../../../plugins/adb/index.ts";
import emulator from "../../../plugins/emulator/index.ts";
import { AdbHarness } from "../../helpers/adb-harness.ts";
import { boot } from "../../helpers/boot-kernel.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { jsonAt } from "../../helpers/json-at.ts";

/**
 * The `/android/...` routes the emulator plugin contributes, mounted on an h3 app the way serve mounts them, run
 * through real adb against the SDK stand-in (its tools are the built JavaScript, as a user's would be).
 */
let harness: AdbHarness;
let app: H3;
let dir: string;
const saved = { ...process.env };

beforeAll(async () => {
  harness = await AdbHarness.start();
  dir = mkdtempSync(join(tmpdir(), "clawperator-emu-routes-"));
  const sdk = join(dir, "sdk");
  writeVirtualSdk(sdk, {
    entry: pathToFileURL(join(REPO_ROOT, "dist/android/virtual/sdk/run-sdk-tool.js")).href,
    config: { bootDelayMs: 300 },
  });
  // The handlers read the environment as a server process would.
  Object.assign(process.env, harness.env, {
    ANDROID_HOME: sdk,
    ANDROID_AVD_HOME: join(dir, "avd"),
    CLAWPERATOR_HOME: join(dir, "clawperator"),
  });
  const kernel = await boot([adb, emulator]);
  app = new H3();
  for (const { value: route } of kernel.routes.entries()) {
    const handler = (await route.load()).default;
    app.on(route.method, route.path, (event) => handler(event) as never);
  }
});

afterAll(async () => {
  for (const serial of (await harness.devices()).keys()) await harness.adb(["-s", serial, "emu", "kill"]);
  await harness.stop();
  process.env = saved;
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await app.request(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  return { status: response.status, json: await response.json() };
}

describe("the /android routes", () => {
  it("are the spec's eight", async () => {
    const kernel = await boot([adb, emulator]);
    expect(kernel.routes.keys().sort()).toEqual([
      "DELETE /android/emulators/:name",
      "GET /android/emulators",
      "GET /android/emulators/:name",
      "GET /android/emulators/running",
      "POST /android/emulators/:name/start",
      "POST /android/emulators/:name/stop",
      "POST /android/emulators/create",
      "POST /android/provision/emulator",
    ]);
    // Each declares its schemas lazily, for serve's OpenAPI document.
    for (const { value: route } of kernel.routes.entries()) {
      const schemas = typeof route.schemas === "function" ? await route.schemas() : route.schemas;
      expect(schemas?.response, `${route.method} ${route.path}`).toBeDefined();
      expect(schemas?.params !== undefined, `${route.method} ${route.path}`).toBe(route.path.includes(":name"));
    }
  });

  it("list, create, inspect, start, running, provision (reuse), stop, delete with the catalogue's statuses", async () => {
    expect(await call("GET", "/android/emulators")).toEqual({ status: 200, json: { ok: true, avds: [] } });
    expect(await call("GET", "/android/emulators/clawperator-pixel")).toMatchObject({
      status: 404,
      json: { ok: false, error: { code: "EMULATOR_NOT_FOUND" } },
    });
    // A body the route's schema refuses gets the code every route's body reader gives, naming the field.
    expect(await call("POST", "/android/emulators/create", { name: "bad name" })).toMatchObject({
      status: 400,
      json: { ok: false, error: { code: "EXECUTION_VALIDATION_FAILED", details: { issues: [{ path: "name" }] } } },
    });
    expect(await call("POST", "/android/emulators/create", { apiLevel: "35" })).toMatchObject({
      status: 400,
      json: { error: { code: "EXECUTION_VALIDATION_FAILED", details: { issues: [{ path: "apiLevel" }] } } },
    });

    const created = await call("POST", "/android/emulators/create", {});
    expect(created).toMatchObject({
      status: 200,
      json: {
        ok: true,
        name: "clawperator-pixel",
        exists: true,
        supported: true,
        apiLevel: 35,
        unsupportedReasons: [],
      },
    });
    expect(await call("GET", "/android/emulators/clawperator-pixel")).toEqual({ status: 200, json: created.json });

    const started = await call("POST", "/android/emulators/clawperator-pixel/start", { bootTimeoutMs: 60_000 });
    expect(started).toMatchObject({
      status: 200,
      json: { ok: true, type: "emulator", avdName: "clawperator-pixel", booted: true },
    });
    const serial = jsonAt(started.json, "serial") as string;
    expect(await call("POST", "/android/emulators/clawperator-pixel/start")).toMatchObject({
      status: 409,
      json: { error: { code: "EMULATOR_ALREADY_RUNNING" } },
    });
    expect(await call("GET", "/android/emulators/running")).toEqual({
      status: 200,
      json: {
        ok: true,
        devices: [
          {
            type: "emulator",
            avdName: "clawperator-pixel",
            serial,
            booted: true,
            supported: true,
            unsupportedReasons: [],
          },
        ],
      },
    });
    expect(await call("POST", "/android/provision/emulator")).toEqual({
      status: 200,
      json: {
        ok: true,
        type: "emulator",
        avdName: "clawperator-pixel",
        serial,
        booted: true,
        created: false,
        started: false,
        reused: true,
      },
    });
    expect(await call("DELETE", "/android/emulators/clawperator-pixel")).toMatchObject({
      status: 409,
      json: { error: { code: "EMULATOR_ALREADY_RUNNING" } },
    });

    expect(await call("POST", "/android/emulators/clawperator-pixel/stop")).toEqual({
      status: 200,
      json: { ok: true, type: "emulator", avdName: "clawperator-pixel", serial, stopped: true },
    });
    expect(await call("POST", "/android/emulators/clawperator-pixel/stop")).toMatchObject({
      status: 409,
      json: { error: { code: "EMULATOR_NOT_RUNNING" } },
    });
    expect(await call("DELETE", "/android/emulators/clawperator-pixel")).toEqual({
      status: 200,
      json: { ok: true, avdName: "clawperator-pixel", deleted: true },
    });
  });

  it("422 for an unsupported AVD, 500 naming a missing tool", async () => {
    expect(await call("POST", "/android/emulators/create", { name: "old", apiLevel: 33 })).toMatchObject({
      status: 200,
      json: { supported: false },
    });
    expect(await call("POST", "/android/emulators/old/start")).toMatchObject({
      status: 422,
      json: { error: { code: "EMULATOR_UNSUPPORTED", details: { unsupportedReasons: ["unsupported_api_level"] } } },
    });
    process.env.EMULATOR_PATH = "/nonexistent/emulator";
    try {
      expect(await call("GET", "/android/emulators")).toMatchObject({
        status: 500,
        json: { ok: false, error: { code: "ANDROID_SDK_TOOL_MISSING", details: { tool: "emulator" } } },
      });
    } finally {
      delete process.env.EMULATOR_PATH;
    }
  });
});
