import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO, execution } from "./support.ts";

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
