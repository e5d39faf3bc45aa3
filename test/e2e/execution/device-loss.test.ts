import { describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO, execution, nextCommand, nextLogLine } from "./support.ts";
import type { ErrorOutput, ExecutionOutput } from "../../helpers/cli-output.ts";

// Faults in the middle of an execution, through the real CLI and the real adb server. The
// executions sleep far longer than these tests may run, so a result that arrives at all did not wait for them.
const session = virtualSession();

const executeOn = <T = ExecutionOutput>(target: RunningVirtualDevice, payload: Record<string, unknown>) =>
  session.json<T>(["execute", "--device-id", target.serial, "--execution", JSON.stringify(payload)]);
const openDemo = () =>
  execution([
    { id: "open", type: "open_app", params: { applicationId: DEMO } },
    { id: "snap", type: "snapshot_ui" },
  ]);

/**
 * Starts `payload` on `device` and resolves, with the run in flight, once the operator is inside its sleep and the CLI
 * reads the log.
 */
async function midExecution<T = ExecutionOutput>(device: RunningVirtualDevice, payload: Record<string, unknown>) {
  const sleeping = nextLogLine(device, "step_start");
  const reading = nextCommand(device, /^'?logcat'? /);
  const run = executeOn<T>(device, payload);
  await Promise.all([sleeping, reading]);
  // Wrapped: an async function returning the promise itself would wait for it.
  return { run };
}

describe("the device dies in the middle of an execution", () => {
  it("fails with a device error code and the evidence read so far, without waiting for the timeout; the device works again at once", async () => {
    const doomed = await session.startDevice();
    const payload = execution([{ id: "nap", type: "sleep", params: { durationMs: 100_000 } }], { timeoutMs: 120_000 });
    const { run } = await midExecution<ErrorOutput>(doomed, payload);
    // Killed, not disconnected: nobody tells adb, it sees the connection drop.
    await doomed.stop();

    const { exitCode, body } = await run;
    expect(exitCode).toBe(1);
    expect(["DEVICE_NOT_FOUND", "DEVICE_OFFLINE"]).toContain(body.code);
    expect(body).toMatchObject({
      deviceId: doomed.serial,
      receiverPackage: "com.clawperator.operator",
      broadcastDispatchStatus: "sent",
      details: { phase: "awaiting_result", dispatchReachedLog: true, streamOpens: 2 },
    });
    expect(body.message).toContain(payload.commandId);
    const events = body.lastCorrelatedEvents!;
    expect(events.some((line) => line.includes("[Clawperator-Dispatch]"))).toBe(true);
    expect(
      events.some((line) => line.includes("[Clawperator-Command] start") && line.includes(payload.commandId)),
    ).toBe(true);

    // Back on the same port: no lock or settle window is left behind, the next execution runs.
    const reborn = await session.startDevice({ port: doomed.port });
    expect(reborn.serial).toBe(doomed.serial);
    const again = await executeOn(reborn, openDemo());
    expect(again.exitCode).toBe(0);
    expect(again.body.envelope.stepResults.map((s: { success: boolean }) => s.success)).toEqual([true, true]);
  });
});

describe("the adb server is killed in the middle of an execution", () => {
  it("restarts it, reconnects the device, reads the log again from the dispatch and returns the envelope; the next execution works", async () => {
    const device = await session.startDevice();
    const payload = execution(
      [
        { id: "nap", type: "sleep", params: { durationMs: 1_500 } },
        { id: "snap", type: "snapshot_ui" },
      ],
      { timeoutMs: 60_000 },
    );
    const { run } = await midExecution(device, payload);
    const streams: string[] = [];
    const watch = (): void =>
      void nextCommand(device, /^'?logcat'? /).then((line) => {
        streams.push(line);
        watch();
      });
    watch();
    expect((await session.harness.adb(["kill-server"])).exitCode).toBe(0);

    const { exitCode, body } = await run;
    expect(exitCode).toBe(0);
    expect(body.envelope).toMatchObject({ commandId: payload.commandId, status: "success" });
    expect(body.envelope.stepResults.map((s: { id: string; success: boolean }) => [s.id, s.success])).toEqual([
      ["nap", true],
      ["snap", true],
    ]);
    expect(body.envelope.stepResults[1]!.data.text).toContain("<hierarchy");
    // Read again, from the dispatch's device time (the same -T as the first stream).
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatch(/'-T' '\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}'/);

    const next = await executeOn(device, openDemo());
    expect(next.exitCode).toBe(0);
  });
});
