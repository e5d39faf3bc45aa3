import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import type { ExecutionOutput, HttpErrorBody } from "../../helpers/cli-output.ts";
import { jsonAt } from "../../helpers/json-at.ts";
import { DEMO } from "../execution/support.ts";
import { anExecution, startServe, type RunningServe } from "./serve-process.ts";
import { connectSse, type SseEvent } from "./sse-client.ts";

const session = virtualSession();
let device: RunningVirtualDevice;
let serve: RunningServe;

beforeAll(async () => {
  device = await session.startDevice();
  serve = await startServe(session, ["--heartbeat-ms", "200"]);
});
afterAll(async () => {
  await serve?.stop();
});

const nap = (ms: number) =>
  anExecution([{ id: "nap", type: "sleep", params: { durationMs: ms } }], { timeoutMs: 20_000 });
const executeOn = <T = ExecutionOutput>(target: RunningVirtualDevice, execution: Record<string, unknown>) =>
  serve.request<T>("/execute", { body: { execution, deviceId: target.serial } });

describe("serve: one execution per device", () => {
  it("50 concurrent POST /execute to one device: exactly one 200 and 49 423s, and the next request succeeds", async () => {
    const executions = Array.from({ length: 50 }, () => nap(3_000));
    const responses = await Promise.all(executions.map((execution) => executeOn(device, execution)));
    const ok = responses.filter((r) => r.status === 200);
    const locked = responses.filter((r) => r.status === 423);
    expect(ok).toHaveLength(1);
    expect(locked).toHaveLength(49);
    const winner = ok[0]!.body.envelope.commandId;
    for (const { body } of locked) {
      expect(body).toMatchObject({
        ok: false,
        error: {
          code: "EXECUTION_CONFLICT_IN_FLIGHT",
          details: { deviceId: device.serial, holder: { commandId: winner } },
        },
      });
    }
    const next = await executeOn(
      device,
      anExecution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]),
    );
    expect(next.status).toBe(200);
    expect(next.body.envelope.status).toBe("success");
  });

  it("the lock is the CLI's too: the CLI is refused while serve runs an execution, and serve while the CLI does", async () => {
    const running = executeOn(device, nap(4_000));
    await waitForLock();
    const cli = await session.json(["execute", "--device-id", device.serial, "--execution", JSON.stringify(nap(100))]);
    expect(cli.exitCode).toBe(1);
    expect(cli.body).toMatchObject({ code: "EXECUTION_CONFLICT_IN_FLIGHT" });
    expect((await running).status).toBe(200);

    const cliRun = session.json(["execute", "--device-id", device.serial, "--execution", JSON.stringify(nap(4_000))]);
    await waitForLock();
    const refused = await executeOn<HttpErrorBody>(device, nap(100));
    expect(refused.status).toBe(423);
    expect(refused.body.error.code).toBe("EXECUTION_CONFLICT_IN_FLIGHT");
    expect((await cliRun).exitCode).toBe(0);
  });

  it("devices run in parallel: a second device is not blocked by the first; without deviceId two devices are ambiguous (400)", async () => {
    const other = await session.startDevice();
    const [first, second] = await Promise.all([executeOn(device, nap(1_500)), executeOn(other, nap(1_500))]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const ambiguous = await serve.request<HttpErrorBody>("/snapshot", { body: {} });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body).toMatchObject({ ok: false, error: { code: "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED" } });
    // In HTTP words: the body's deviceId, not the CLI's flag.
    expect(ambiguous.body.error.hint).toContain('"deviceId"');
    expect(ambiguous.body.error.hint).toContain(other.serial);
    expect(JSON.stringify(ambiguous.body)).not.toContain("--device");
    await session.stopDevice(other);
  });
});

/** Resolves once an execution holds the device: the operator logged the start of its nap step. */
async function waitForLock(): Promise<void> {
  await new Promise<void>((resolve) => {
    const off = device.device.state.log.subscribe((entries) => {
      if (!entries.some((entry) => entry.message.includes("step_start id=nap type="))) return;
      off();
      resolve();
    });
  });
}

describe("serve: one persistent result stream per device", () => {
  it("after the first execution, each execution costs one device shell (the broadcast) and no new logcat", async () => {
    await executeOn(device, anExecution([{ id: "s", type: "snapshot_ui" }]));
    const services = device.device.services;
    const run = services.run;
    const commands: string[] = [];
    services.run = (line, shellSession) => {
      commands.push(line);
      return run(line, shellSession);
    };
    try {
      for (let i = 0; i < 3; i++)
        expect((await executeOn(device, anExecution([{ id: "s", type: "snapshot_ui" }]))).status).toBe(200);
    } finally {
      services.run = run;
    }
    expect(commands).toHaveLength(3);
    expect(commands.every((line) => line.includes("am broadcast"))).toBe(true);
    expect(commands.some((line) => /\blogcat\b/.test(line))).toBe(false);
  });
});

describe("serve: GET /events (SSE)", () => {
  it("sends heartbeat CONNECTED first, then clawperator:result and clawperator:execution for each execution, in order", async () => {
    const sse = await connectSse(`${serve.url}/events`);
    try {
      const first = await sse.next(() => true);
      expect(first).toEqual({ event: "heartbeat", data: { code: "CONNECTED", message: expect.any(String) } });
      const a = anExecution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]);
      const b = anExecution([{ id: "s", type: "snapshot_ui" }]);
      expect((await executeOn(device, a)).status).toBe(200);
      expect((await executeOn(device, b)).status).toBe(200);
      const bad = anExecution([{ id: "t", type: "teleport" }]);
      const refused = await serve.request("/execute", { body: { execution: bad, deviceId: device.serial } });
      expect(refused.status).toBe(400);
      await sse.next(
        (e) =>
          e.event === "clawperator:execution" &&
          e.data.deviceId === device.serial &&
          jsonAt(e.data, "result", "ok") === false,
      );

      const ours = sse.events.filter((e) => e.event !== "heartbeat");
      const label = (e: SseEvent) =>
        `${e.event} ${jsonAt(e.data, "envelope", "commandId") ?? jsonAt(e.data, "input", "commandId")}`;
      expect(ours.map(label)).toEqual([
        `clawperator:result ${a.commandId}`,
        `clawperator:execution ${a.commandId}`,
        `clawperator:result ${b.commandId}`,
        `clawperator:execution ${b.commandId}`,
        `clawperator:execution ${bad.commandId}`,
      ]);
      expect(ours[0]!.data).toMatchObject({
        deviceId: device.serial,
        envelope: { commandId: a.commandId, status: "success" },
      });
      expect(ours[1]!.data).toMatchObject({
        deviceId: device.serial,
        input: { commandId: a.commandId },
        result: { ok: true, envelope: { commandId: a.commandId } },
      });
      expect(ours[4]!.data).toMatchObject({
        deviceId: device.serial,
        result: { ok: false, error: { code: "EXECUTION_ACTION_UNSUPPORTED" } },
      });
    } finally {
      sse.close();
    }
  });

  it("sends a heartbeat periodically (every --heartbeat-ms)", async () => {
    const sse = await connectSse(`${serve.url}/events`);
    try {
      const beat = await sse.next((e) => e.event === "heartbeat" && e.data.code === "HEARTBEAT");
      expect(Date.parse(String(beat.data.time))).not.toBeNaN();
    } finally {
      sse.close();
    }
  });
});
