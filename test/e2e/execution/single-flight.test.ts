import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO, execution, nextCommand, nextLogLine } from "./support.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

/** The lock file the CLI keeps for a device under its Clawperator home (HOME/.clawperator). */
const lockFile = (serial: string) => join(session.harness.home, ".clawperator", "locks", `${encodeURIComponent(serial)}.lock`);
const executeOn = (target: RunningVirtualDevice, payload: Record<string, unknown>) =>
  session.json(["execute", "--device-id", target.serial, "--execution", JSON.stringify(payload)]);

describe("one execution per device, across processes", () => {
  it("8 concurrent CLI processes: exactly one runs, the other 7 get EXECUTION_CONFLICT_IN_FLIGHT, and the device is free after", async () => {
    const payloads = Array.from({ length: 8 }, () => execution([{ id: "nap", type: "sleep", params: { durationMs: 3_000 } }], { timeoutMs: 20_000 }));
    const runs = await Promise.all(payloads.map((payload) => executeOn(device, payload)));

    const winners = runs.filter((r) => r.exitCode === 0);
    const losers = runs.filter((r) => r.exitCode !== 0);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.body;
    expect(winner.envelope.stepResults).toEqual([{ id: "nap", actionType: "sleep", success: true, data: { duration_ms: "3000" } }]);
    expect(payloads.map((p) => p.commandId)).toContain(winner.envelope.commandId);

    expect(losers).toHaveLength(7);
    for (const loser of losers) {
      expect(loser.exitCode).toBe(1);
      expect(loser.body).toMatchObject({ code: "EXECUTION_CONFLICT_IN_FLIGHT", details: { deviceId: device.serial, holder: { commandId: winner.envelope.commandId } } });
    }

    expect(existsSync(lockFile(device.serial))).toBe(false);
    const after = await executeOn(device, execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]));
    expect(after.exitCode).toBe(0);
  }, 30_000);
});

describe("the device dies in the middle of an execution", () => {
  it("RESULT_ENVELOPE_TIMEOUT with diagnostics; a new device on the same serial works afterwards", async () => {
    const doomed = await session.startDevice();
    const payload = execution(
      [
        { id: "open", type: "open_app", params: { applicationId: DEMO } },
        { id: "nap", type: "sleep", params: { durationMs: 1_500 } },
      ],
      { timeoutMs: 2_000 },
    );
    // Pulled only once the dispatch is over: the host is reading the log and the operator is asleep.
    const sleeping = nextLogLine(doomed, "[UiActionEngine] step_start id=nap type=Sleep");
    const reading = nextCommand(doomed, /^'?logcat'? /);
    const run = executeOn(doomed, payload);
    await Promise.all([sleeping, reading]);
    await session.stopDevice(doomed);

    const { exitCode, body } = await run;
    const finished = Date.now();
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({
      code: "RESULT_ENVELOPE_TIMEOUT",
      deviceId: doomed.serial, receiverPackage: "com.clawperator.operator", broadcastDispatchStatus: "sent",
    });
    // What the operator logged before the device went away is the evidence.
    const events: string[] = body.lastCorrelatedEvents;
    expect(events.some((line) => line.includes(`start commandId=${payload.commandId} `))).toBe(true);
    expect(events.at(-1)).toContain("[UiActionEngine] step_start id=nap type=Sleep");

    // The timed-out device stays locked for the 2 s settle window (spec/003 "In-Flight Semantics").
    const settle = JSON.parse(readFileSync(lockFile(doomed.serial), "utf8")) as { settleUntil: number };
    expect(settle.settleUntil - finished).toBeGreaterThan(1_000);
    expect(settle.settleUntil - finished).toBeLessThanOrEqual(2_000);

    const reborn = await session.startDevice({ port: doomed.port });
    expect(reborn.serial).toBe(doomed.serial);
    const duringSettle = settle.settleUntil - Date.now();
    if (duringSettle > 1_000) {
      const busy = await executeOn(reborn, execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]));
      expect(busy.body).toMatchObject({ code: "EXECUTION_CONFLICT_IN_FLIGHT" });
      expect(busy.body.message).toContain("settling");
    }
    await delay(Math.max(0, settle.settleUntil - Date.now()));

    const again = await executeOn(reborn, execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }, { id: "snap", type: "snapshot_ui" }]));
    expect(again.exitCode).toBe(0);
    expect(again.body.deviceId).toBe(doomed.serial);
    expect(again.body.envelope.stepResults.map((s: { success: boolean }) => s.success)).toEqual([true, true]);
  }, 30_000);
});
