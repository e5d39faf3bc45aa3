import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { Device } from "../../../core/contracts/device.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { DeviceLocks } from "../../../core/execution/device-lock.ts";
import type { DispatchRequest, OperatorDispatcher } from "../../../core/execution/dispatcher.ts";
import type { ExecutionHook } from "../../../core/execution/hooks.ts";
import { createExecutionPipeline, type PipelineDeps } from "../../../core/execution/run-execution.ts";
import { createEventBus } from "../../../core/services/event-bus.ts";
import type { DeviceLeases } from "../../../core/services/device-leases.ts";
import type { Transport } from "../../../core/services/transport.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pipeline-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const execution: Execution = {
  commandId: "c1",
  taskId: "t1",
  source: "test",
  expectedFormat: "android-ui-automator",
  timeoutMs: 5000,
  actions: [
    { id: "a", type: "close_app", params: { applicationId: "com.x" } },
    { id: "s", type: "snapshot_ui" },
  ],
};

function setup(
  devices: Device[],
  dispatch?: (r: DispatchRequest) => Promise<Awaited<ReturnType<OperatorDispatcher["dispatch"]>>>,
  leases?: DeviceLeases,
) {
  const events = createEventBus();
  const seen: { event: string; payload: unknown }[] = [];
  events.on("clawperator:execution", (p) => seen.push({ event: "execution", payload: p }));
  events.on("clawperator:result", (p) => seen.push({ event: "result", payload: p }));
  const requests: DispatchRequest[] = [];
  const order: string[] = [];
  const hook: ExecutionHook = {
    beforeDispatch: (ctx) => {
      order.push("before");
      ctx.preDispatch.push("am force-stop 'com.x'");
    },
    afterResult: (ctx) => {
      order.push("after");
      const close = ctx.envelope.stepResults.find((s) => s.actionType === "close_app");
      if (close && ctx.preDispatch[0]?.exitCode === 0) Object.assign(close, { success: true, data: {} });
      const snapshot = ctx.envelope.stepResults.find((s) => s.actionType === "snapshot_ui");
      if (snapshot) snapshot.data.text = ctx.snapshots[0]!;
    },
  };
  // The locks' time moves only when a test moves it, so a settle window cannot run out under a slow machine.
  const clock = { ms: 1_700_000_000_000, now: () => clock.ms };
  const locks = new DeviceLocks(dir, clock);
  const deps: PipelineDeps = {
    transport: () =>
      ({
        listDevices: async () => devices,
        prepare: (serial: string) => order.push(`prepare ${serial}`),
      }) as unknown as Transport,
    dispatcher: () => ({
      dispose: async () => undefined,
      dispatch:
        dispatch ??
        (async (request) => {
          requests.push(request);
          order.push("dispatch");
          return {
            envelope: {
              commandId: "c1",
              taskId: "t1",
              status: "success",
              error: null,
              stepResults: [
                { id: "a", actionType: "close_app", success: false, data: { error: "UNSUPPORTED_RUNTIME_CLOSE" } },
                { id: "s", actionType: "snapshot_ui", success: true, data: {} as Record<string, string> },
              ],
            },
            snapshots: ["<hierarchy/>"],
            preDispatch: [{ command: "am force-stop 'com.x'", exitCode: 0, output: "" }],
            timings: { dispatchMs: 1, awaitMs: 2 },
          };
        }),
    }),
    hooks: async () => [hook],
    locks,
    events,
    config: {},
    warn: () => undefined,
    ...(leases ? { leases: () => leases } : {}),
  };
  return { runner: createExecutionPipeline(deps), seen, requests, order, locks, clock };
}

/** Leases as a farm's router keeps them: `pool:any` resolves to `pool:7`; each step is written to `order`. */
function recordingLeases(order: { push(s: string): unknown }, locks: () => DeviceLocks): DeviceLeases {
  return {
    hold: async (serial) => {
      // The device's lock is held (or, for a pool, not yet taken) when the lease is asked for.
      let locked = false;
      try {
        locks().acquire(serial, { executionId: "probe", commandId: "probe" }).release();
      } catch {
        locked = true;
      }
      order.push(`hold ${serial}${locked ? " (locked)" : ""}`);
      return { serial: serial === "pool:any" ? "pool:7" : serial, idleMs: 1_000, retries: 2, waitedMs: 250 };
    },
    done: async (serial) => void order.push(`done ${serial}`),
    releaseAll: async () => undefined,
  };
}

describe("execution pipeline: leases", () => {
  it("a farm's device is leased inside its lock, reported with its retries and wait, and let go before the lock", async () => {
    const order: string[] = [];
    let made: ReturnType<typeof setup> | undefined;
    made = setup(
      [],
      undefined,
      recordingLeases(order, () => made!.locks),
    );
    const result = await made.runner.run({ execution, deviceId: "farm:1" });
    expect(order).toEqual(["hold farm:1 (locked)", "done farm:1"]);
    expect(result.lease).toEqual({ serial: "farm:1", retries: 2, waitedMs: 250 });
    expect(result.timings.leaseMs).toBeTypeOf("number");
    // The lock is free again.
    made.locks.acquire("farm:1", { executionId: "x", commandId: "x" }).release();
  });

  it("a pool serial is leased first, then the chosen device's lock is taken and the run is on that device", async () => {
    const order: string[] = [];
    let made: ReturnType<typeof setup> | undefined;
    made = setup(
      [],
      undefined,
      recordingLeases(order, () => made!.locks),
    );
    const result = await made.runner.run({ execution, deviceId: "pool:any" });
    expect(order).toEqual(["hold pool:any", "done pool:7"]);
    expect(result).toMatchObject({ deviceId: "pool:7", lease: { serial: "pool:7" } });
  });

  it("a device no transport lends runs without a lease", async () => {
    const leases: DeviceLeases = {
      hold: async () => undefined,
      done: async () => undefined,
      releaseAll: async () => undefined,
    };
    const result = await setup([], undefined, leases).runner.run({ execution, deviceId: "emulator-5554" });
    expect(result.lease).toBeUndefined();
  });
});

describe("execution pipeline", () => {
  it("runs hooks around the dispatch on the only device and reports the spec's result shape", async () => {
    const { runner, seen, requests, order } = setup([{ serial: "emulator-5554", state: "device" }]);
    const result = await runner.run({ execution });
    // The transport is told the device first, so its connection opens while the lock is taken and the hooks run.
    expect(order).toEqual(["prepare emulator-5554", "before", "dispatch", "after"]);
    expect(requests[0]).toMatchObject({
      deviceId: "emulator-5554",
      receiverPackage: "com.clawperator.operator",
      preDispatch: ["am force-stop 'com.x'"],
    });
    expect(result).toMatchObject({
      ok: true,
      deviceId: "emulator-5554",
      terminalSource: "clawperator_result",
      mode: "direct",
    });
    expect(result.executionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.envelope.stepResults[1]!.data.text).toBe("<hierarchy/>");
    expect(Object.keys(result.timings)).toEqual(
      expect.arrayContaining(["resolveMs", "dispatchMs", "awaitMs", "afterResultMs", "totalMs"]),
    );
    expect(seen.map((s) => s.event)).toEqual(["result", "execution"]);
  });

  it.each([
    [[], "NO_DEVICES"],
    [
      [
        { serial: "a", state: "device" },
        { serial: "b", state: "device" },
      ],
      "MULTIPLE_DEVICES_DEVICE_ID_REQUIRED",
    ],
    [[{ serial: "a", state: "unauthorized" }], "DEVICE_UNAUTHORIZED"],
    [[{ serial: "a", state: "offline" }], "DEVICE_OFFLINE"],
  ] as [Device[], string][])("device selection %#: %s", async (devices, code) => {
    const { runner, seen } = setup(devices);
    await expect(runner.run({ execution })).rejects.toMatchObject({ code });
    expect(seen).toEqual([
      {
        event: "execution",
        payload: expect.objectContaining({
          result: expect.objectContaining({ ok: false, error: expect.objectContaining({ code }) }),
        }),
      },
    ]);
  });

  it("lists the serials when several devices need --device-id", async () => {
    const { runner } = setup([
      { serial: "a", state: "device" },
      { serial: "b", state: "device" },
    ]);
    await expect(runner.run({ execution })).rejects.toMatchObject({ details: { devices: ["a", "b"] } });
  });

  it("a timed-out execution keeps the device for the 2 s settle window", async () => {
    const { runner, locks, clock } = setup([{ serial: "d", state: "device" }], async () => {
      throw new ClawperatorError("RESULT_ENVELOPE_TIMEOUT", "no result");
    });
    await expect(runner.run({ execution })).rejects.toMatchObject({ code: "RESULT_ENVELOPE_TIMEOUT" });
    clock.ms += 1_999;
    expect(() => locks.acquire("d", { executionId: "x", commandId: "y" })).toThrowError(
      expect.objectContaining({ code: "EXECUTION_CONFLICT_IN_FLIGHT" }),
    );
    clock.ms += 1;
    locks.acquire("d", { executionId: "x", commandId: "y" }).release();
  });

  it("a second execution on a busy device is refused; the first still completes", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { runner } = setup([{ serial: "d", state: "device" }], async () => {
      await gate;
      return {
        envelope: { commandId: "c1", taskId: "t1", status: "success", error: null, stepResults: [] },
        snapshots: [],
        preDispatch: [],
        timings: { dispatchMs: 0, awaitMs: 0 },
      };
    });
    const first = runner.run({
      execution: { ...execution, actions: [{ id: "z", type: "sleep", params: { durationMs: 1 } }] },
    });
    await expect(runner.run({ execution })).rejects.toMatchObject({ code: "EXECUTION_CONFLICT_IN_FLIGHT" });
    release();
    await expect(first).resolves.toMatchObject({ ok: true });
  });
});

describe("the envelope the pipeline returns", () => {
  const device = [{ serial: "d", state: "device" }] as Device[];
  const answer =
    (envelope: Record<string, unknown>, more: Record<string, unknown> = {}) =>
    async () => ({
      envelope: { commandId: "c1", taskId: "t1", error: null, ...envelope } as never,
      snapshots: ["<hierarchy/>"],
      preDispatch: [{ command: "am force-stop 'com.x'", exitCode: 1, output: "" }],
      timings: { dispatchMs: 0, awaitMs: 0 },
      ...more,
    });

  it("a step that failed after the hooks fails the run, with the reference's error and the step's code", async () => {
    // The force-stop failed, so the test hook leaves close_app as the device answered it.
    const { runner, seen } = setup(
      device,
      answer({
        status: "success",
        stepResults: [
          { id: "a", actionType: "close_app", success: false, data: { error: "UNSUPPORTED_RUNTIME_CLOSE" } },
          { id: "s", actionType: "snapshot_ui", success: true, data: {} },
        ],
      }),
    );
    const result = await runner.run({ execution });
    expect(result.ok).toBe(false);
    expect(result.envelope).toMatchObject({
      status: "failed",
      error: "Step a (close_app) failed: UNSUPPORTED_RUNTIME_CLOSE",
    });
    expect(result.error).toEqual({
      code: "UNSUPPORTED_RUNTIME_CLOSE",
      message: "Step a (close_app) failed: UNSUPPORTED_RUNTIME_CLOSE",
      source: "step",
      stepId: "a",
      actionType: "close_app",
    });
    expect(result).not.toHaveProperty("deviceEnvelope");
    // Listeners get the envelope the caller gets.
    expect(seen[0]).toMatchObject({ event: "result", payload: { envelope: { status: "failed" } } });
  });

  it("a failed status whose steps all succeeded becomes success without error or errorCode", async () => {
    const { runner } = setup(
      device,
      answer(
        {
          status: "failed",
          error: "stale",
          errorCode: "NODE_NOT_FOUND",
          stepResults: [{ id: "s", actionType: "snapshot_ui", success: true, data: {} }],
        },
        { preDispatch: [] },
      ),
    );
    const result = await runner.run({ execution: { ...execution, actions: [{ id: "s", type: "snapshot_ui" }] } });
    expect(result.ok).toBe(true);
    expect(result.envelope).toEqual({
      commandId: "c1",
      taskId: "t1",
      status: "success",
      error: null,
      stepResults: [{ id: "s", actionType: "snapshot_ui", success: true, data: { text: "<hierarchy/>" } }],
    });
    expect(result).not.toHaveProperty("error");
  });

  it("an envelope without steps is left as sent; its code comes from the dispatcher's reading of the log", async () => {
    const sent = { status: "failed", error: "Task execution failed: boom", stepResults: [] };
    const deviceFailure = { code: "NODE_NOT_FOUND", message: "m", source: "device_log", stepId: "s" };
    const { runner } = setup(device, answer(sent, { deviceFailure }));
    const result = await runner.run({ execution, deviceEnvelope: true });
    expect(result.envelope).toEqual({ commandId: "c1", taskId: "t1", ...sent });
    // NODE_NOT_FOUND also says how to look at the screen, on that device.
    expect(result.error).toEqual({ ...deviceFailure, hint: expect.stringContaining("observe view --device-id d") });
    expect(result.deviceEnvelope).toEqual(result.envelope);
  });

  it("an unknown step code or envelope code is DEVICE_FAILURE_UNCLASSIFIED, keeping the device's word", async () => {
    const { runner } = setup(
      device,
      answer({
        status: "success",
        stepResults: [{ id: "s", actionType: "snapshot_ui", success: false, data: { error: "NEW_APK_CODE" } }],
      }),
    );
    expect((await runner.run({ execution })).error).toMatchObject({
      code: "DEVICE_FAILURE_UNCLASSIFIED",
      deviceCode: "NEW_APK_CODE",
      stepId: "s",
    });
    const { runner: second } = setup(
      device,
      answer({ status: "failed", error: "odd", errorCode: "NEWER_CODE", stepResults: [] }),
    );
    expect((await second.run({ execution })).error).toEqual({
      code: "DEVICE_FAILURE_UNCLASSIFIED",
      deviceCode: "NEWER_CODE",
      message: "odd",
      source: "envelope",
    });
  });

  it("deviceEnvelope: true keeps the envelope exactly as the device sent it, before the hooks changed its steps", async () => {
    const { runner } = setup(
      device,
      answer({
        status: "success",
        stepResults: [{ id: "s", actionType: "snapshot_ui", success: true, data: {} }],
      }),
    );
    const result = await runner.run({ execution, deviceEnvelope: true });
    expect(result.envelope.stepResults[0]!.data.text).toBe("<hierarchy/>");
    expect(result.deviceEnvelope).toEqual({
      commandId: "c1",
      taskId: "t1",
      error: null,
      status: "success",
      stepResults: [{ id: "s", actionType: "snapshot_ui", success: true, data: {} }],
    });
  });
});
