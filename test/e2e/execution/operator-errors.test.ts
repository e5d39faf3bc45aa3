import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { freePort } from "../../helpers/free-port.ts";
import { LIMITS } from "../../../core/contracts/limits.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { DEMO, execution, OPERATOR, registerReceiver, type ReceivedCommand } from "./support.ts";
import type { ErrorOutput, ExecutionOutput } from "../../helpers/cli-output.ts";

// A default device (operator installed) and a `fresh` one (no operator); every command names its device.
const session = virtualSession();
let device: RunningVirtualDevice;
let fresh: RunningVirtualDevice;
let scratch: string;

beforeAll(async () => {
  [device, fresh] = await Promise.all([session.startDevice(), session.startDevice({ scenario: "fresh" })]);
  scratch = await mkdtemp(join(tmpdir(), "clawperator-e2e-errors-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The APK's start line for a command (a receiver standing in for the APK logs it before anything else). */
const startLine = (command: ReceivedCommand) =>
  `[Clawperator-Command] start commandId=${command.commandId} taskId=${command.taskId} source=e2e timeoutMs=` +
  `${command.timeoutMs} actionCount=${command.actions.length}`;
const on = (target: RunningVirtualDevice, ...args: string[]) => ["--device-id", target.serial, ...args];
const openDemo = () =>
  JSON.stringify(execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }], { timeoutMs: 5_000 }));

describe("the Operator APK is missing or not running", () => {
  it("RECEIVER_NOT_INSTALLED on a device without the operator (`fresh`), with broadcast diagnostics", async () => {
    for (const args of [
      ["observe", "snapshot"],
      ["execute", "--execution", openDemo()],
      ["open", DEMO],
    ]) {
      const { exitCode, body } = await session.json<ErrorOutput>(on(fresh, ...args));
      expect(exitCode).toBe(1);
      expect(body).toMatchObject({
        code: "RECEIVER_NOT_INSTALLED",
        deviceId: fresh.serial,
        receiverPackage: OPERATOR,
        broadcastDispatchStatus: "not_sent",
      });
      expect(body.hint).toContain("operator setup");
    }
  });

  it("RECEIVER_NOT_INSTALLED for a --receiver-package that is not installed", async () => {
    const { exitCode, body } = await session.json(
      on(device, "observe", "snapshot", "--receiver-package", "com.clawperator.operator.dev"),
    );
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({ code: "RECEIVER_NOT_INSTALLED", receiverPackage: "com.clawperator.operator.dev" });
  });

  it("SERVICE_UNAVAILABLE as envelope.errorCode when accessibility is switched off; fine again when on", async () => {
    const settings = (value: string) =>
      session.harness.adb(["-s", device.serial, "shell", "settings", "put", "secure", "accessibility_enabled", value]);
    expect((await settings("0")).exitCode).toBe(0);
    try {
      const { exitCode, body } = await session.json<ExecutionOutput>(on(device, "execute", "--execution", openDemo()));
      expect(exitCode).toBe(1);
      expect(body.ok).toBe(false);
      expect(body.deviceId).toBe(device.serial);
      expect(body.envelope).toMatchObject({ status: "failed", errorCode: "SERVICE_UNAVAILABLE", stepResults: [] });
      expect(body.envelope.error).toEqual(expect.any(String));
      // The reference's hint, and the code outside the envelope where every failure has one.
      expect(body.envelope.hint).toBe(
        `Accessibility service not running. Run 'clawperator doctor --fix --device-id ${device.serial}' to diagnose and repair, or 'clawperator operator setup --apk <path-to-apk> --device-id ${device.serial}' to reinstall.`,
      );
      expect(body.error).toEqual({ code: "SERVICE_UNAVAILABLE", message: body.envelope.error, source: "envelope" });
    } finally {
      await settings("1");
    }
    expect((await session.json(on(device, "execute", "--execution", openDemo()))).exitCode).toBe(0);
  });
});

describe("what a receiver writes to the log", () => {
  it("RESULT_ENVELOPE_MALFORMED when the result line for the command is not valid JSON", async () => {
    const unregister = registerReceiver(device, DEMO, (command, log) => {
      log("I", startLine(command));
      log("I", `[Clawperator-Result] {"commandId":${JSON.stringify(command.commandId)},"taskId":"t","status":"succ`);
    });
    try {
      const { exitCode, body } = await session.json<ErrorOutput>(
        on(device, "observe", "snapshot", "--receiver-package", DEMO),
      );
      expect(exitCode).toBe(1);
      expect(body).toMatchObject({
        code: "RESULT_ENVELOPE_MALFORMED",
        details: { deviceId: device.serial, receiverPackage: DEMO },
      });
      expect(body.details!.line).toContain("[Clawperator-Result] ");
    } finally {
      unregister();
    }
  });

  it("SNAPSHOT_EXTRACTION_FAILED as the step's data.error when a snapshot succeeded without hierarchy lines", async () => {
    const unregister = registerReceiver(device, DEMO, (command, log) => {
      const stepResults = command.actions.map((a) => ({ id: a.id, actionType: a.type, success: true, data: {} }));
      log("I", startLine(command));
      log(
        "I",
        `[Clawperator-Result] ` +
          `${JSON.stringify({ commandId: command.commandId, taskId: command.taskId, status: "success", stepResults, error: null })}`,
      );
    });
    try {
      const result = await session.cli(on(device, "snapshot", "--operator-package", DEMO));
      const body = JSON.parse(result.stdout);
      expect(body.envelope.stepResults).toEqual([
        {
          id: "snapshot",
          actionType: "snapshot_ui",
          success: false,
          data: { error: "SNAPSHOT_EXTRACTION_FAILED", message: expect.any(String) },
        },
      ]);
      expect(result.stderr).toContain("SNAPSHOT_EXTRACTION_FAILED");
    } finally {
      unregister();
    }
  });

  it("a result for another commandId is ignored: the command's own envelope is the one returned", async () => {
    const unregister = registerReceiver(device, DEMO, (command, log) => {
      const envelope = (commandId: string, status: string) =>
        JSON.stringify({ commandId, taskId: command.taskId, status, stepResults: [], error: null });
      log("I", startLine(command));
      log("I", `[Clawperator-Result] ${envelope(`${command.commandId}-other`, "failed")}`);
      log("I", `[Clawperator-Result] {"commandId":"someone-else","status":`);
      log("I", `[Clawperator-Result] ${envelope(command.commandId, "success")}`);
    });
    try {
      const payload = execution([{ id: "nap", type: "sleep", params: { durationMs: 1 } }], { timeoutMs: 5_000 });
      const { exitCode, body } = await session.json<ExecutionOutput>(
        on(device, "execute", "--execution", JSON.stringify(payload), "--receiver-package", DEMO),
      );
      expect(exitCode).toBe(0);
      expect(body.envelope).toEqual({
        commandId: payload.commandId,
        taskId: payload.taskId,
        status: "success",
        stepResults: [],
        error: null,
      });
    } finally {
      unregister();
    }
  });
});

describe("RESULT_ENVELOPE_TIMEOUT", () => {
  it("a receiver that logs progress but never a result: the error carries the diagnostics", async () => {
    // Its own device: a timed-out device stays locked for the settle window.
    const silent = await session.startDevice();
    registerReceiver(silent, DEMO, (command, log) => {
      log("I", startLine(command));
      log("D", `[UiActionEngine] step_start id=${command.actions[0]!.id} type=Sleep`);
      log("D", "[TaskScope] unrelated progress that names no command");
    });
    const payload = execution([{ id: "hang", type: "sleep", params: { durationMs: 10 } }], { timeoutMs: 1_000 });
    const started = Date.now();
    const { exitCode, body } = await session.json<ErrorOutput>(
      on(silent, "execute", "--execution", JSON.stringify(payload), "--receiver-package", DEMO),
    );
    const finished = Date.now();
    expect(exitCode).toBe(1);
    // The reference runtime waits timeoutMs + 5 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
    expect(body).toMatchObject({
      code: "RESULT_ENVELOPE_TIMEOUT",
      deviceId: silent.serial,
      receiverPackage: DEMO,
      broadcastDispatchStatus: "sent",
    });
    expect(body.message).toContain(payload.commandId);
    // The lines naming the command (from the host's dispatch marker on) and its steps, not unrelated progress.
    expect(body.lastCorrelatedEvents).toEqual([
      expect.stringContaining(`[Clawperator-Dispatch]`),
      expect.stringContaining(`[Clawperator-Command] start commandId=${payload.commandId} taskId=${payload.taskId}`),
      expect.stringContaining("[UiActionEngine] step_start id=hang type=Sleep"),
    ]);

    // The timed-out device stays locked for the 2 s settle window (docs/execution.md#device-lock), counted from
    // when the CLI gave up: after it started, before it exited (an order, not a measured time).
    const lock = join(session.harness.home, ".clawperator", "locks", `${encodeURIComponent(silent.serial)}.lock`);
    const record = JSON.parse(readFileSync(lock, "utf8")) as { settleUntil: number };
    expect(record.settleUntil - LIMITS.TIMEOUT_SETTLE_MS).toBeGreaterThanOrEqual(started);
    expect(record.settleUntil - LIMITS.TIMEOUT_SETTLE_MS).toBeLessThanOrEqual(finished);
    // Whether the next execution comes inside the window must not depend on this machine's speed, so the window
    // is moved rather than raced: still open, another process is refused as settling; passed, it takes the device.
    const settleUntil = (at: number) => writeFileSync(lock, JSON.stringify({ ...record, settleUntil: at }));
    settleUntil(Date.now() + 60_000);
    const busy = await session.json<ErrorOutput>(on(silent, "execute", "--execution", openDemo()));
    expect(busy).toMatchObject({ exitCode: 1, body: { code: "EXECUTION_CONFLICT_IN_FLIGHT" } });
    expect(busy.body.message).toContain("settling");
    settleUntil(Date.now() - 1);
    expect((await session.json(on(silent, "execute", "--execution", openDemo()))).exitCode).toBe(0);
  });
});

describe("ADB_NOT_FOUND", () => {
  // A port no adb server listens on, so the CLI has to start one with the adb binary it finds.
  let deadPort: number;
  beforeAll(async () => {
    deadPort = await freePort();
  });

  it("ADB_PATH pointing to a missing file", async () => {
    const { exitCode, body } = await session.json<ErrorOutput>(["devices"], {
      env: { ADB_PATH: join(scratch, "no-such-adb"), ANDROID_ADB_SERVER_PORT: String(deadPort) },
    });
    expect(exitCode).toBe(1);
    expect(body.code).toBe("ADB_NOT_FOUND");
    expect(body.message).toContain("no-such-adb");
  });

  it("PATH without adb", async () => {
    // node itself is run by absolute path; nothing on this PATH.
    const bin = join(scratch, "empty-bin");
    for (const args of [["devices"], ["observe", "snapshot"]]) {
      const { exitCode, body } = await session.json<ErrorOutput>(args, {
        env: { PATH: bin, ANDROID_ADB_SERVER_PORT: String(deadPort) },
      });
      expect(exitCode).toBe(1);
      expect(body.code).toBe("ADB_NOT_FOUND");
      expect(body.hint).toContain("ADB_PATH");
    }
  });
});
