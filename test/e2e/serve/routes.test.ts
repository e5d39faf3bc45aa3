import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO, PNG_SIGNATURE, hierarchyNodeCount } from "../execution/support.ts";
import { anExecution, startServe, type RunningServe } from "./serve-process.ts";
import { jsonAt } from "../../helpers/json-at.ts";
import type { ExecutionOutput, HttpErrorBody } from "../../helpers/cli-output.ts";

const session = virtualSession();
let device: RunningVirtualDevice;
let serve: RunningServe;

beforeAll(async () => {
  device = await session.startDevice();
  serve = await startServe(session);
});
afterAll(async () => {
  await serve?.stop();
});

const RUN_RESULT_KEYS = ["deviceId", "envelope", "executionId", "mode", "ok", "terminalSource", "timings"];

describe("serve: the routes of docs/http-api.md#routes", () => {
  it("the banner names where it listens, that it is loopback without auth, and every mounted route", () => {
    expect(serve.banner).toMatchObject({
      ok: true,
      host: "127.0.0.1",
      auth: "none",
      exposure: "this machine only (loopback)",
    });
    expect(serve.banner.listening).toBe(`http://127.0.0.1:${serve.banner.port}`);
    expect(serve.banner.routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        "GET /devices",
        "POST /execute",
        "POST /observe/snapshot",
        "POST /snapshot",
        "POST /observe/screenshot",
        "POST /screenshot",
        "GET /events",
        "GET /health",
        "GET /openapi.json",
      ]),
    );
  });

  it("GET /health answers { ok: true }", async () => {
    const { status, body } = await serve.request("/health");
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, status: "ok" });
  });

  it("GET /devices lists the virtual device as { ok: true, devices: [{ serial, state }] }", async () => {
    const { status, body } = await serve.request<{ ok: boolean; devices: unknown[] }>("/devices");
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.devices).toContainEqual(expect.objectContaining({ serial: device.serial, state: "device" }));
  });

  it("POST /execute runs the execution: 200 { ok: true, envelope, deviceId, ... }", async () => {
    const execution = anExecution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]);
    const { status, body } = await serve.request<ExecutionOutput>("/execute", {
      body: { execution, deviceId: device.serial },
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(RUN_RESULT_KEYS);
    expect(body).toMatchObject({
      ok: true,
      deviceId: device.serial,
      terminalSource: "clawperator_result",
      envelope: { commandId: execution.commandId, status: "success" },
    });
    expect(body.envelope.stepResults).toEqual([
      expect.objectContaining({ id: "open", actionType: "open_app", success: true }),
    ]);
  });

  it('an execution the device ran and reported as failed is 200 with ok: false, status "failed" and the code', async () => {
    const execution = anExecution(
      [{ id: "tap", type: "click", params: { matcher: { textEquals: "No such button" } } }],
      { timeoutMs: 2_000 },
    );
    const { status, body } = await serve.request<ExecutionOutput>("/execute", {
      body: { execution, deviceId: device.serial },
    });
    expect(status).toBe(200);
    expect(body.ok).toBe(false);
    expect(body.envelope).toMatchObject({ commandId: execution.commandId, status: "failed" });
    // The click retries longer than the 2 s budget: the APK's own timeout, during the click.
    expect(body.error).toMatchObject({ code: "COMMAND_TIMEOUT", stepId: "tap", actionType: "click" });
  });

  it.each(["/observe/snapshot", "/snapshot"])(
    "POST %s returns the hierarchy_xml in the execute shape",
    async (path) => {
      const { status, body } = await serve.request<ExecutionOutput>(path, { body: { deviceId: device.serial } });
      expect(status).toBe(200);
      expect(body).toMatchObject({ ok: true, deviceId: device.serial, envelope: { status: "success" } });
      const [step] = body.envelope.stepResults;
      expect(step).toMatchObject({
        actionType: "snapshot_ui",
        success: true,
        data: { actual_format: "hierarchy_xml" },
      });
      expect(hierarchyNodeCount(step!.data.text!)).toBeGreaterThan(3);
    },
  );

  it.each(["/observe/screenshot", "/screenshot"])(
    "POST %s without a path answers the PNG's bytes and writes no file on the host",
    async (path) => {
      const { status, body } = await serve.request<{ ok: boolean; image: { mimeType: string; data: string } }>(path, {
        body: { deviceId: device.serial },
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ ok: true, image: { mimeType: "image/png" } });
      expect(Buffer.from(body.image.data, "base64").subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(JSON.stringify(body)).not.toMatch(/\.png"/);
    },
  );

  it("operatorPackage (what the reference reads) and receiverPackage (the spec) are both accepted", async () => {
    for (const key of ["receiverPackage", "operatorPackage"]) {
      const { status, body } = await serve.request<{ ok: boolean }>("/snapshot", {
        body: { deviceId: device.serial, [key]: "com.clawperator.operator" },
      });
      expect(status).toBe(200);
      expect(body.ok).toBe(true);
    }
    const missing = await serve.request("/snapshot", {
      body: { deviceId: device.serial, operatorPackage: "com.example.not.installed" },
    });
    expect(missing.status).toBe(424);
    expect(missing.body).toMatchObject({
      ok: false,
      error: { code: "RECEIVER_NOT_INSTALLED", receiverPackage: "com.example.not.installed" },
    });
  });

  it("GET /openapi.json describes every mounted route with schemas from the zod contracts", async () => {
    const { status, body } = await serve.request("/openapi.json");
    expect(status).toBe(200);
    expect(jsonAt(body, "openapi")).toBe("3.1.0");
    // OpenAPI writes a route's `:param` as `{param}`.
    const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");
    for (const route of serve.banner.routes)
      expect(
        jsonAt(body, "paths", openApiPath(route.path), route.method.toLowerCase()),
        `${route.method} ${route.path}`,
      ).toBeDefined();
    expect(jsonAt(body, "paths", "/skills/{skillId}", "get", "parameters")).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "skillId", in: "path" })]),
    );
    const execute = jsonAt(body, "paths", "/execute", "post");
    const bodySchema = jsonAt(execute, "requestBody", "content", "application/json", "schema");
    expect(jsonAt(bodySchema, "required")).toEqual(["execution"]);
    expect(jsonAt(bodySchema, "properties", "execution", "required")).toEqual(
      expect.arrayContaining(["commandId", "taskId", "source", "expectedFormat", "timeoutMs", "actions"]),
    );
    const resultSchema = jsonAt(execute, "responses", "200", "content", "application/json", "schema");
    expect(jsonAt(resultSchema, "properties", "envelope", "properties", "status", "enum")).toEqual([
      "success",
      "failed",
    ]);
    expect(jsonAt(body, "paths", "/events", "get", "responses", "200", "content")).toHaveProperty("text/event-stream");
    const errorSchema = jsonAt(body, "components", "schemas", "ErrorResponse");
    expect(jsonAt(errorSchema, "properties", "error", "properties", "code", "enum")).toContain(
      "EXECUTION_CONFLICT_IN_FLIGHT",
    );
    // Each status POST /execute can answer with (docs/http-api.md#post-execute-status-codes), its codes, and an error
    // body allowing only those.
    const responses = jsonAt(execute, "responses") as Record<string, unknown>;
    const codesAt = (status: string) =>
      jsonAt(
        responses[status],
        "content",
        "application/json",
        "schema",
        "properties",
        "error",
        "properties",
        "code",
        "enum",
      );
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["400", "404", "413", "423", "504"]));
    expect(codesAt("400")).toEqual(expect.arrayContaining(["EXECUTION_VALIDATION_FAILED", "MISSING_EXECUTION"]));
    expect(codesAt("404")).toEqual(expect.arrayContaining(["NO_DEVICES", "DEVICE_NOT_FOUND"]));
    expect(codesAt("413")).toEqual(["PAYLOAD_TOO_LARGE"]);
    expect(codesAt("423")).toEqual(["EXECUTION_CONFLICT_IN_FLIGHT"]);
    expect(codesAt("504")).toEqual(["RESULT_ENVELOPE_TIMEOUT"]);
    expect(jsonAt(body, "paths", "/skills/{skillId}", "get", "responses", "404", "description")).toContain(
      "SKILL_NOT_FOUND",
    );
    expect(jsonAt(body, "paths", "/android/emulators/{name}/stop", "post", "responses", "409", "description")).toBe(
      "EMULATOR_NOT_RUNNING",
    );
  });
});

describe("serve: bad requests are 4xx with catalogue codes, and the server stays up", () => {
  const execute = (init: Parameters<RunningServe["request"]>[1]) =>
    serve.request("/execute", { method: "POST", ...init });

  it("a deviceId that is no serial: 400 INVALID_DEVICE_ID with the hint in HTTP words", async () => {
    const { status, body } = await serve.request<HttpErrorBody>("/execute", {
      method: "POST",
      body: { execution: anExecution([]), deviceId: "$(reboot)" },
    });
    expect(status).toBe(400);
    const { error } = body;
    expect(error.code).toBe("INVALID_DEVICE_ID");
    expect(error.hint).toContain("GET /devices");
    expect(error.hint).not.toContain("clawperator devices");
  });

  it.each([
    ["malformed JSON", { raw: "{not json" }, 400, "INVALID_JSON"],
    ["a JSON array", { raw: "[1,2]" }, 400, "EXECUTION_VALIDATION_FAILED"],
    [
      "a body sent as text/plain",
      { raw: JSON.stringify({ execution: anExecution([]) }), headers: { "content-type": "text/plain" } },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["no execution", { body: { deviceId: "x" } }, 400, "MISSING_EXECUTION"],
    ["an empty body", { raw: "" }, 400, "MISSING_EXECUTION"],
    [
      "deviceId of the wrong type",
      { body: { execution: anExecution([{ id: "s", type: "snapshot_ui" }]), deviceId: 42 } },
      400,
      "INVALID_DEVICE_ID",
    ],
    [
      "a deviceId adb would read as an option",
      { body: { execution: anExecution([{ id: "s", type: "snapshot_ui" }]), deviceId: "-a" } },
      400,
      "INVALID_DEVICE_ID",
    ],
    [
      "a bad operatorPackage",
      { body: { execution: anExecution([{ id: "s", type: "snapshot_ui" }]), operatorPackage: "not a package" } },
      400,
      "INVALID_OPERATOR_PACKAGE",
    ],
    [
      "a wrongly typed execution field",
      { body: { execution: { ...anExecution([{ id: "s", type: "snapshot_ui" }]), timeoutMs: "soon" } } },
      400,
      "EXECUTION_VALIDATION_FAILED",
    ],
    [
      "an unknown action type",
      { body: { execution: anExecution([{ id: "t", type: "teleport" }]) } },
      400,
      "EXECUTION_ACTION_UNSUPPORTED",
    ],
    [
      "an execution over 64,000 bytes",
      {
        body: {
          execution: anExecution([{ id: "s", type: "sleep", params: { durationMs: 1 } }], {
            source: "x",
            taskId: "t".repeat(100),
            actions: Array.from({ length: 50 }, (_, i) => ({
              id: `a${i}`.padEnd(120, "x"),
              type: "enter_text",
              params: { matcher: { textEquals: "y".repeat(500) }, text: "z".repeat(800) },
            })),
          }),
        },
      },
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    [
      "a 1 MB body",
      { raw: JSON.stringify({ execution: anExecution([]), pad: "p".repeat(1_000_000) }) },
      413,
      "PAYLOAD_TOO_LARGE",
    ],
  ])("%s → HTTP %d %s", async (_name, init, status, code) => {
    const response = await execute(init as never);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ ok: false, error: { code, message: expect.any(String) } });
    expect((await serve.request("/health")).status).toBe(200);
  });

  const BODY_ROUTES = ["/execute", "/skills/any.skill/run", "/android/emulators/create", "/android/provision/emulator"];
  const oneMegabyte = JSON.stringify({ pad: "p".repeat(1_000_000) });
  it.each([
    ["malformed JSON", 400, "INVALID_JSON", { raw: "{not json" }],
    ["a JSON string", 400, "EXECUTION_VALIDATION_FAILED", { raw: '"run"' }],
    [
      "a body sent as text/plain",
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      { raw: "{}", headers: { "content-type": "text/plain" } },
    ],
    [
      "a form body",
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      { raw: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
    ],
    ["a 1 MB body", 413, "PAYLOAD_TOO_LARGE", { raw: oneMegabyte }],
  ])("%s gets HTTP %d %s on every route that reads a body", async (_name, status, code, init) => {
    for (const path of BODY_ROUTES) {
      const response = await serve.request(path, { method: "POST", ...init });
      expect({ path, status: response.status, code: jsonAt(response.body, "error", "code") }).toEqual({
        path,
        status,
        code,
      });
    }
  });

  it("an unknown device → 404 DEVICE_NOT_FOUND", async () => {
    const { status, body } = await serve.request("/execute", {
      body: { execution: anExecution([{ id: "s", type: "snapshot_ui" }]), deviceId: "127.0.0.1:1" },
    });
    expect(status).toBe(404);
    expect(body).toMatchObject({ ok: false, error: { code: "DEVICE_NOT_FOUND" } });
  });

  it("an unknown route is a JSON 404, a wrong method a JSON 405 with Allow", async () => {
    const missing = await serve.request("/no/such/route");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ ok: false, error: { code: "ROUTE_NOT_FOUND" } });
    const wrong = await serve.request("/execute", { method: "GET" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(wrong.body).toMatchObject({ ok: false, error: { code: "METHOD_NOT_ALLOWED" } });
    expect((await serve.request("/devices", { method: "DELETE" })).status).toBe(405);
  });

  it("a device that never answers → 504 RESULT_ENVELOPE_TIMEOUT with diagnostics", async () => {
    // A receiver that takes the broadcast and never logs a result, as a hung APK would.
    const silent = "com.example.silent.operator";
    device.device.state.packages.install({
      packageName: silent,
      label: "Silent",
      versionName: "1.0",
      versionCode: 1,
      system: false,
      operator: false,
      granted: [],
    });
    const off = device.device.state.receivers.register({
      packageName: silent,
      action: "app.clawperator.operator.ACTION_AGENT_COMMAND",
      onReceive: () => undefined,
    });
    try {
      const { status, body } = await serve.request("/execute", {
        body: {
          execution: anExecution([{ id: "s", type: "snapshot_ui" }], { timeoutMs: 1_000 }),
          deviceId: device.serial,
          receiverPackage: silent,
        },
      });
      expect(status).toBe(504);
      expect(body).toMatchObject({
        ok: false,
        error: {
          code: "RESULT_ENVELOPE_TIMEOUT",
          deviceId: device.serial,
          receiverPackage: silent,
          broadcastDispatchStatus: "sent",
        },
      });
    } finally {
      off();
    }
  });
});
