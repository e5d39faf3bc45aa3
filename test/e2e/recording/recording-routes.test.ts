import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { HttpErrorBody } from "../../helpers/cli-output.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { startServe, type RunningServe } from "../serve/serve-process.ts";

// Recording over HTTP: start, a second start refused, stop, the NDJSON pulled with its headers.
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

interface RecordingAnswer {
  ok: boolean;
  envelope?: { stepResults?: { data?: Record<string, string> }[] };
}

describe("/recording routes", () => {
  it("start, a second start refused, stop, then pull answers the session's NDJSON", async () => {
    const started = await serve.request<RecordingAnswer>("/recording/start", {
      body: { deviceId: device.serial, sessionId: "route-e2e" },
    });
    expect(started.status).toBe(200);
    expect(started.body.ok).toBe(true);

    const again = await serve.request<RecordingAnswer>("/recording/start", { body: { deviceId: device.serial } });
    expect(again.body.ok).toBe(false);
    expect(JSON.stringify(again.body)).toContain("RECORDING_ALREADY_IN_PROGRESS");

    const stopped = await serve.request<RecordingAnswer>("/recording/stop", { body: { deviceId: device.serial } });
    expect(stopped.body.ok).toBe(true);

    const pulled = await fetch(`${serve.url}/recording/pull`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ deviceId: device.serial }),
    });
    expect(pulled.status).toBe(200);
    expect(pulled.headers.get("content-type")).toContain("application/x-ndjson");
    expect(pulled.headers.get("x-clawperator-session-id")).toBe("route-e2e");
    expect(pulled.headers.get("x-clawperator-device-id")).toBe(device.serial);
    const header = JSON.parse((await pulled.text()).split("\n")[0]!) as { sessionId?: string };
    expect(header.sessionId).toBe("route-e2e");
  });

  it("stop without a recording is the APK's refusal, and a bad body is EXECUTION_VALIDATION_FAILED", async () => {
    const stopped = await serve.request<RecordingAnswer>("/recording/stop", { body: { deviceId: device.serial } });
    expect(stopped.body.ok).toBe(false);
    expect(JSON.stringify(stopped.body)).toContain("RECORDING_NOT_IN_PROGRESS");
    const bad = await serve.request<HttpErrorBody>("/recording/start", { body: { deviceId: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("EXECUTION_VALIDATION_FAILED");
  });
});
