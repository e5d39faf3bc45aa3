import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { ViewedResult } from "../../../core/services/agent-views.ts";
import type { HttpErrorBody } from "../../helpers/cli-output.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { anExecution, startServe, type RunningServe } from "./serve-process.ts";

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

const settings = anExecution([{ id: "open", type: "open_app", params: { applicationId: "com.android.settings" } }]);

describe("serve: the agent view", () => {
  it("POST /observe/view answers the view; POST /execute acts on its refs and returns the next view with view: true", async () => {
    await serve.request("/execute", { body: { execution: settings, deviceId: device.serial } });
    const seen = await serve.request<ViewedResult>("/observe/view", { body: { deviceId: device.serial } });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ ok: true, view: { package: "com.android.settings" } });
    const ref = /"Display".*\[ref=(e\d+)\]/.exec(seen.body.view!.outline)![1]!;

    const click = anExecution([{ id: "tap", type: "click", params: { ref } }]);
    const acted = await serve.request<ViewedResult>("/execute", {
      body: { execution: click, deviceId: device.serial, view: true },
    });
    expect(acted.status).toBe(200);
    expect(acted.body).toMatchObject({ ok: true, refs: [{ ref, actionId: "tap" }] });
    expect(acted.body.view!.outline).toContain("Brightness level");

    // After another action, the refs of the view the click returned are from an older screen: 409 before dispatch.
    const back = anExecution([{ id: "back", type: "press_key", params: { key: "back" } }]);
    await serve.request("/execute", { body: { execution: back, deviceId: device.serial } });
    const stale = await serve.request<HttpErrorBody>("/execute", {
      body: { execution: click, deviceId: device.serial },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, error: { code: "REF_STALE" } });
  });
});
