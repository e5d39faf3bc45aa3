import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { matcher, snapshotXml } from "../../helpers/apk-log.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO, execution, registerReceiver, type ReceivedCommand } from "./support.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";

// The host against the real APK's log lines (docs/protocol.md#the-apks-log-lines), written by a receiver that
// stands in for the APK inside a virtual device, through the real CLI and adb.
const session = virtualSession();
let device: RunningVirtualDevice;
beforeAll(async () => {
  device = await session.startDevice();
});

const run = (payload: Record<string, unknown>) =>
  session.json<ExecutionOutput>([
    "execute",
    "--device-id",
    device.serial,
    "--receiver-package",
    DEMO,
    "--execution",
    JSON.stringify(payload),
  ]);
const ct = (c: ReceivedCommand) => `commandId=${c.commandId} taskId=${c.taskId}`;
const start = (c: ReceivedCommand) =>
  `[Clawperator-Command] start ${ct(c)} source=e2e timeoutMs=${c.timeoutMs} actionCount=${c.actions.length}`;

describe("what the real APK logs", () => {
  it("a snapshot under the real marker (no commandId), placed between the command's start and result lines", async () => {
    const unregister = registerReceiver(device, DEMO, (c, log) => {
      log("D", `[TaskScope] UI Hierarchy:\n${snapshotXml("Before our start")}`);
      log("I", start(c));
      log("D", "[UiActionEngine] step_start id=snap type=SnapshotUi");
      log("D", `[TaskScope] UI Hierarchy:\n${snapshotXml("Ours")}\n`);
      log("D", "[UiActionEngine] step_success id=snap type=SnapshotUi data={actual_format=hierarchy_xml}");
      log(
        "I",
        `[Clawperator-Result] ` +
          `${JSON.stringify({ commandId: c.commandId, taskId: c.taskId, status: "success", stepResults: [{ id: "snap", actionType: "snapshot_ui", success: true, data: { actual_format: "hierarchy_xml" } }], error: null })}`,
      );
    });
    try {
      const { exitCode, body } = await run(execution([{ id: "snap", type: "snapshot_ui" }]));
      expect(exitCode).toBe(0);
      expect(body.envelope.stepResults[0]!.data.text).toBe(snapshotXml("Ours"));
    } finally {
      unregister();
    }
  });

  it("a result line the logger split into 4,000-unit records comes back whole", async () => {
    const text = "0123456789".repeat(1_100);
    const unregister = registerReceiver(device, DEMO, (c, log) => {
      log("I", start(c));
      const line =
        `[Clawperator-Result] ` +
        `${JSON.stringify({ commandId: c.commandId, taskId: c.taskId, status: "success", stepResults: [{ id: "r", actionType: "read_text", success: true, data: { text } }], error: null })}`;
      for (let at = 0; at < line.length; at += 4_000) log("I", line.slice(at, at + 4_000));
    });
    try {
      const { exitCode, body } = await run(
        execution([{ id: "r", type: "read_text", params: { matcher: { textContains: "x" } } }]),
      );
      expect(exitCode).toBe(0);
      expect(body.envelope.stepResults[0]!.data.text).toBe(text);
    } finally {
      unregister();
    }
  });

  it("a failed envelope without step results: the envelope as sent, and stepsFromDeviceLog says what completed and what failed", async () => {
    const reason = `No UI node found matching criteria: ${matcher("nope")}`;
    const unregister = registerReceiver(device, DEMO, (c, log) => {
      log("I", start(c));
      log("D", "[UiActionEngine] step_start id=ok1 type=SnapshotUi");
      log("D", `[TaskScope] UI Hierarchy:\n${snapshotXml("S")}`);
      log(
        "D",
        "[UiActionEngine] step_success id=ok1 type=SnapshotUi data={actual_format=hierarchy_xml, window_count=1}",
      );
      log("D", "[UiActionEngine] step_start id=bad type=Click");
      log(
        "D",
        `[Clawperator-Command] stage-failure ${ct(c)} id=click(${matcher("nope")}) reason=${reason}\n` +
          `java.lang.IllegalStateException: ${reason}`,
      );
      log("I", `[Clawperator-Command] failure ${ct(c)} reason=Task execution failed: ${reason}`);
      log(
        "I",
        `[Clawperator-Result] ` +
          `${JSON.stringify({ commandId: c.commandId, taskId: c.taskId, status: "failed", stepResults: [], error: `Task execution failed: ${reason}` })}`,
      );
    });
    try {
      const payload = execution([
        { id: "ok1", type: "snapshot_ui" },
        { id: "bad", type: "click", params: { matcher: { textEquals: "nope" } } },
        { id: "never", type: "snapshot_ui" },
      ]);
      const { exitCode, body } = await run(payload);
      expect(exitCode).toBe(1);
      expect(body.ok).toBe(false);
      expect(body.envelope).toEqual({
        commandId: payload.commandId,
        taskId: payload.taskId,
        status: "failed",
        stepResults: [],
        error: `Task execution failed: ${reason}`,
      });
      expect(body.stepsFromDeviceLog).toEqual({
        source: "device_log",
        completed: [
          { id: "ok1", actionType: "snapshot_ui", data: { actual_format: "hierarchy_xml", window_count: "1" } },
        ],
        failed: { id: "bad", actionType: "click", stage: `click(${matcher("nope")})`, reason },
        notStarted: ["never"],
      });
    } finally {
      unregister();
    }
  });
});

describe("a commandId used twice", () => {
  it("never returns the other run's envelope, with the same taskId, run after run in the same second", async () => {
    const cli = (payload: Record<string, unknown>) =>
      session.json<ExecutionOutput>(["execute", "--device-id", device.serial, "--execution", JSON.stringify(payload)]);
    for (let i = 0; i < 8; i++) {
      const first = execution([{ id: "r", type: "read_text", params: { matcher: { textContains: "Settings" } } }]);
      expect((await cli(first)).body.envelope.stepResults[0]!.actionType).toBe("read_text");
      const second = await cli({ ...first, actions: [{ id: "s", type: "snapshot_ui" }] });
      expect(
        second.body.envelope.stepResults.map((s: { id: string; actionType: string }) => [s.id, s.actionType]),
      ).toEqual([["s", "snapshot_ui"]]);
    }
  });
});
