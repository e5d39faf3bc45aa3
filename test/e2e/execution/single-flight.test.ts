import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO, execution, registerReceiver, type ReceivedCommand } from "./support.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

/** The lock file the CLI keeps for a device under its Clawperator home (HOME/.clawperator). */
const lockFile = (serial: string) =>
  join(session.harness.home, ".clawperator", "locks", `${encodeURIComponent(serial)}.lock`);
const executeOn = (target: RunningVirtualDevice, payload: Record<string, unknown>, ...flags: string[]) =>
  session.json<ExecutionOutput>([
    "execute",
    "--device-id",
    target.serial,
    "--execution",
    JSON.stringify(payload),
    ...flags,
  ]);

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
      // What the APK logs first for a command it accepted; the host reads the result only after it.
      log(
        "I",
        `[Clawperator-Command] start commandId=${command.commandId} taskId=${command.taskId} source=e2e ` +
          `timeoutMs=${command.timeoutMs} actionCount=${command.actions.length}`,
      );
      received.push({ command, log });
      account();
    });
    try {
      const payloads = Array.from({ length: 8 }, () =>
        execution([{ id: "nap", type: "sleep", params: { durationMs: 1 } }], { timeoutMs: 60_000 }),
      );
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
      log(
        "I",
        `[Clawperator-Result] ` +
          `${JSON.stringify({ commandId: command.commandId, taskId: command.taskId, status: "success", stepResults, error: null })}`,
      );
      const runs = await Promise.all(running);

      const winners = runs.filter((r) => r.exitCode === 0);
      const losers = runs.filter((r) => r.exitCode !== 0);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.body.envelope).toMatchObject({ commandId: command.commandId, stepResults });
      expect(payloads.map((p) => p.commandId)).toContain(command.commandId);
      expect(losers).toHaveLength(7);
      for (const loser of losers) {
        expect(loser.exitCode).toBe(1);
        expect(loser.body).toMatchObject({
          code: "EXECUTION_CONFLICT_IN_FLIGHT",
          details: { deviceId: device.serial, holder: { commandId: command.commandId } },
        });
      }
    } finally {
      unregister();
    }

    expect(existsSync(lockFile(device.serial))).toBe(false);
    const after = await executeOn(
      device,
      execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]),
    );
    expect(after.exitCode).toBe(0);
  });
});
