import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { ExecutionOutput, HttpErrorBody } from "../../helpers/cli-output.ts";
import { jsonAt } from "../../helpers/json-at.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { PNG_SIGNATURE } from "../execution/support.ts";
import { anExecution, startServe, type RunningServe } from "./serve-process.ts";
import { connectSse } from "./sse-client.ts";

// The HTTP side of execution results: the same result as the CLI (ok false and error.code for a failed run), the screen
// itself for a client on another machine, events from the observe routes, and errors in HTTP words.
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

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${serve.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
/** Screenshots the server wrote to its own temp directory (the session's HOME is its TMPDIR). */
/** A JSON error answer, read. */
const errorOf = async (response: Response) => (await response.json()) as HttpErrorBody;
const tempShots = () => readdirSync(session.harness.home).filter((f) => f.startsWith("clawperator-screenshot-"));

describe("POST /execute: the CLI's result", () => {
  it("a failed step: HTTP 200, ok false, the reconciled envelope and error.code; deviceEnvelope on request", async () => {
    const execution = anExecution([
      { id: "p", type: "press_key", params: { key: "home" } },
      {
        id: "r",
        type: "read_text",
        params: { matcher: { textEquals: "Settings" }, validator: "regex", validatorPattern: "^zzz$" },
      },
    ]);
    const { status, body } = await serve.request<ExecutionOutput>("/execute", {
      body: { deviceId: device.serial, execution, deviceEnvelope: true },
    });
    expect(status).toBe(200);
    expect(body.ok).toBe(false);
    expect(body.envelope).toMatchObject({ status: "failed", error: "Step r (read_text) failed: VALIDATOR_MISMATCH" });
    expect(body.error).toMatchObject({ code: "VALIDATOR_MISMATCH", stepId: "r", actionType: "read_text" });
    expect(body.deviceEnvelope).toMatchObject({ status: "success", error: null });
  });

  it("deviceEnvelope must be a boolean", async () => {
    const { status, body } = await serve.request<HttpErrorBody>("/execute", {
      body: { deviceId: device.serial, execution: anExecution([{ id: "s", type: "sleep" }]), deviceEnvelope: "yes" },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("EXECUTION_VALIDATION_FAILED");
  });
});

describe("POST /observe/screenshot for a client on another machine", () => {
  it("Accept: image/png answers the PNG itself and leaves no temp file behind", async () => {
    const before = tempShots();
    const response = await post("/observe/screenshot", { deviceId: device.serial }, { accept: "image/png" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(tempShots()).toEqual(before);
  });

  it("JSON without path: the execute response with the PNG base64-encoded in image, no path and no file left", async () => {
    const before = tempShots();
    const { status, body } = await serve.request<ExecutionOutput & { image: { mimeType: string; data: string } }>(
      "/observe/screenshot",
      { body: { deviceId: device.serial } },
    );
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.envelope).toMatchObject({ status: "success", commandId: expect.stringMatching(/^serve-screenshot-/) });
    expect(body.envelope.stepResults[0]).toMatchObject({
      id: "screenshot",
      actionType: "take_screenshot",
      success: true,
    });
    expect(body.envelope.stepResults[0]!.data).not.toHaveProperty("path");
    expect(body.image.mimeType).toBe("image/png");
    expect(Buffer.from(body.image.data, "base64").subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(tempShots()).toEqual(before);
  });

  it("JSON with a path: only the path; inline: true adds the PNG base64-encoded beside it", async () => {
    const dir = session.harness.home;
    const plain = await serve.request<ExecutionOutput>("/observe/screenshot", {
      body: { deviceId: device.serial, path: join(dir, "plain.png") },
    });
    expect(plain.body.ok).toBe(true);
    expect(plain.body.envelope.stepResults[0]?.data.path).toBe(join(dir, "plain.png"));
    expect(plain.body).not.toHaveProperty("image");
    const inline = await serve.request<ExecutionOutput & { image: { mimeType: string; data: string } }>(
      "/observe/screenshot",
      { body: { deviceId: device.serial, path: join(dir, "inline.png"), inline: true } },
    );
    expect(inline.body.envelope.stepResults[0]?.data.path).toBe(join(dir, "inline.png"));
    expect(Buffer.from(inline.body.image.data, "base64")).toEqual(readFileSync(join(dir, "inline.png")));
  });

  it("errors and size limits stay JSON when the image was asked for", async () => {
    const refused = await post(
      "/observe/screenshot",
      { deviceId: device.serial, path: "/proc/clawperator-refused.png" },
      { accept: "image/png" },
    );
    expect(refused.status).toBe(502);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await errorOf(refused);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe("SCREENSHOT_PATH_REFUSED");

    const tooLarge = await post("/observe/screenshot", JSON.stringify({ pad: "x".repeat(300_000) }), {
      accept: "image/png",
    });
    expect(tooLarge.status).toBe(413);
    expect((await errorOf(tooLarge)).error.code).toBe("PAYLOAD_TOO_LARGE");

    const unknown = await post("/observe/screenshot", { deviceId: "no-such-device" }, { accept: "image/png" });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).error.code).toBe("DEVICE_NOT_FOUND");
  });
});

describe("the observe routes on GET /events", () => {
  it("POST /observe/snapshot and /observe/screenshot emit clawperator:result and clawperator:execution like /execute", async () => {
    const sse = await connectSse(`${serve.url}/events`);
    try {
      await sse.next((e) => e.event === "heartbeat");
      for (const route of ["/observe/snapshot", "/observe/screenshot"]) {
        const { body } = await serve.request<ExecutionOutput>(route, { body: { deviceId: device.serial } });
        const { commandId } = body.envelope;
        const result = await sse.next(
          (e) => e.event === "clawperator:result" && jsonAt(e.data, "envelope", "commandId") === commandId,
        );
        expect(result.data).toMatchObject({ deviceId: device.serial, envelope: { status: "success" } });
        const run = await sse.next(
          (e) => e.event === "clawperator:execution" && jsonAt(e.data, "result", "envelope", "commandId") === commandId,
        );
        expect(run.data).toMatchObject({ deviceId: device.serial, result: { ok: true } });
      }
    } finally {
      sse.close();
    }
  });
});

describe("errors speak HTTP", () => {
  it("an unknown device: 404 DEVICE_NOT_FOUND telling the client about deviceId and GET /devices, never --device-id", async () => {
    const { status, body } = await serve.request<HttpErrorBody>("/observe/snapshot", {
      body: { deviceId: "no-such-device" },
    });
    expect(status).toBe(404);
    expect(body.error.code).toBe("DEVICE_NOT_FOUND");
    expect(body.error.hint).toContain("deviceId");
    expect(body.error.hint).toContain("GET /devices");
    expect(JSON.stringify(body)).not.toContain("--device");
  });
});
