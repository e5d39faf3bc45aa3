import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { LIMITS } from "../../../core/contracts/limits.ts";
import { DEMO, execution, nextCommand, registerReceiver, type ReceivedCommand } from "./support.ts";

const SETTLE_MS = LIMITS.TIMEOUT_SETTLE_MS;

const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

/** The lock file the CLI keeps for a device under its Clawperator home (HOME/.clawperator). */
const lockFile = (serial: string) => join(session.harness.home, ".clawperator", "locks", `${encodeURIComponent(serial)}.lock`);
const executeOn = (target: RunningVirtualDevice, payload: Record<string, unknown>, ...flags: string[]) =>
  session.json(["execute", "--device-id", target.serial, "--execution", JSON.stringify(payload), ...flags]);

describe("one execution per device, across processes", () => {
  it("8 concurrent CLI processes: exactly one reaches the device, the other 7 are refused while it holds it, and the device is free after", async () => {
    // The receiver answers only once each of the 8 processes has either reached it or exited, so every refusal
    // happens while the winner holds the device however slow this machine is: no sleep decides the order.
    const received: { command: ReceivedCommand; log: (priority: "D" | "I", message: string) => void }[] = [];
    let exited = 0;
    let allAccountedFor!: () => void;
    const accountedFor = new Promise<void>((resolve) => (allAccountedFor = resolve));
    const account = () => received.length + exited === 8 && allAccountedFor();
    const unregister = registerReceiver(device, DEMO, (command, log) => {
      received.push({ command, log });
      account();
    });
    try {
      const payloads = Array.from({ length: 8 }, () => execution([{ id: "nap", type: "sleep", params: { durationMs: 1 } }], { timeoutMs: 60_000 }));
      const running = payloads.map((payload) =>
        executeOn(device, payload, "--receiver-package", DEMO).then((run) => {
          exited++;
          account();
          return run;
        }),
      );
      await accountedFor;
      expect(received).toHaveLength(1);
      const { command, log } = received[0]!;
      const stepResults = [{ id: "nap", actionType: "sleep", success: true, data: { duration_ms: "1" } }];
      log("I", `[Clawperator-Result] ${JSON.stringify({ commandId: command.commandId, taskId: command.taskId, status: "success", stepResults, error: null })}`);
      const runs = await Promise.all(running);

      const winners = runs.filter((r) => r.exitCode === 0);
      const losers = runs.filter((r) => r.exitCode !== 0);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.body.envelope).toMatchObject({ commandId: command.commandId, stepResults });
      expect(payloads.map((p) => p.commandId)).toContain(command.commandId);
      expect(losers).toHaveLength(7);
      for (const loser of losers) {
        expect(loser.exitCode).toBe(1);
        expect(loser.body).toMatchObject({ code: "EXECUTION_CONFLICT_IN_FLIGHT", details: { deviceId: device.serial, holder: { commandId: command.commandId } } });
      }
    } finally {
      unregister();
    }

    expect(existsSync(lockFile(device.serial))).toBe(false);
    const after = await executeOn(device, execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]));
    expect(after.exitCode).toBe(0);
  });
});

describe("the device dies in the middle of an execution", () => {
  it("RESULT_ENVELOPE_TIMEOUT with diagnostics; a new device on the same serial works afterwards", async () => {
    const doomed = await session.startDevice();
    // A receiver that logs the start of the execution and then never answers: the result cannot come, whenever
    // the device goes away, so nothing races the 2 s timeout.
    let started!: () => void;
    const receiving = new Promise<void>((resolve) => (started = resolve));
    registerReceiver(doomed, DEMO, (command, log) => {
      log("D", `TaskScopeDefault: [Clawperator-Command] start commandId=${JSON.stringify(command.commandId)}`);
      log("D", `TaskScopeDefault: step_start id="${command.actions[0]!.id}" type=${command.actions[0]!.type}`);
      started();
    });
    const payload = execution([{ id: "nap", type: "sleep", params: { durationMs: 1_500 } }], { timeoutMs: 2_000 });
    // Stopped only once the dispatch is over: the host is reading the log and the receiver has started.
    const reading = nextCommand(doomed, /^'?logcat'? /);
    const run = executeOn(doomed, payload, "--receiver-package", DEMO);
    await Promise.all([receiving, reading]);
    const stopping = Date.now();
    await session.stopDevice(doomed);

    const { exitCode, body } = await run;
    const finished = Date.now();
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({
      code: "RESULT_ENVELOPE_TIMEOUT",
      deviceId: doomed.serial, receiverPackage: DEMO, broadcastDispatchStatus: "sent",
    });
    // What the receiver logged before the device went away is the evidence.
    const events: string[] = body.lastCorrelatedEvents;
    expect(events.some((line) => line.includes(`start commandId="${payload.commandId}"`))).toBe(true);
    expect(events.at(-1)).toContain('step_start id="nap" type=sleep');

    // The timed-out device stays locked for the 2 s settle window (spec/003 "In-Flight Semantics"), counted from
    // the moment the CLI gave up: after the device went away, before the CLI exited.
    const record = JSON.parse(readFileSync(lockFile(doomed.serial), "utf8")) as { settleUntil: number };
    expect(record.settleUntil - SETTLE_MS).toBeGreaterThanOrEqual(stopping);
    expect(record.settleUntil - SETTLE_MS).toBeLessThanOrEqual(finished);

    const reborn = await session.startDevice({ port: doomed.port });
    expect(reborn.serial).toBe(doomed.serial);
    // Whether the next execution comes inside the window must not depend on this machine's speed, so the window
    // is moved rather than raced: still open, another process is refused as settling; passed, it takes the device.
    const settleUntil = (at: number) => writeFileSync(lockFile(doomed.serial), JSON.stringify({ ...record, settleUntil: at }));
    settleUntil(Date.now() + 60_000);
    const busy = await executeOn(reborn, execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]));
    expect(busy.exitCode).toBe(1);
    expect(busy.body).toMatchObject({ code: "EXECUTION_CONFLICT_IN_FLIGHT" });
    expect(busy.body.message).toContain("settling");
    settleUntil(Date.now() - 1);

    const again = await executeOn(reborn, execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }, { id: "snap", type: "snapshot_ui" }]));
    expect(again.exitCode).toBe(0);
    expect(again.body.deviceId).toBe(doomed.serial);
    expect(again.body.envelope.stepResults.map((s: { success: boolean }) => s.success)).toEqual([true, true]);
  });
});
