import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { attributeValues, execution, SETTINGS } from "./support.ts";

// What an agent reads back from `execute`, through the real CLI and adb: the envelope the device sent, finished and
// reconciled as the reference runtime does (docs/protocol.md#envelope-post-processing), and one code for every failure.
const session = virtualSession();
let device: RunningVirtualDevice;
beforeAll(async () => {
  device = await session.startDevice();
});

const run = (payload: Record<string, unknown>, ...flags: string[]) =>
  session.json<ExecutionOutput>([
    "execute",
    "--device-id",
    device.serial,
    "--execution",
    JSON.stringify(payload),
    ...flags,
  ]);
const once = { maxAttempts: 1 };
const missingClick = { id: "k", type: "click", params: { matcher: { textEquals: "No such node" }, retry: once } };

describe("the envelope as the reference returns it", () => {
  it("close_app reads success with its application_id once the host force-stopped the app; the device's answer is kept", async () => {
    const foreground = async () => {
      const { body } = await run(execution([{ id: "s", type: "snapshot_ui" }]));
      return attributeValues(body.envelope.stepResults[0]?.data.text ?? "", "package");
    };
    await run(execution([{ id: "o", type: "open_app", params: { applicationId: SETTINGS } }]));
    expect(await foreground()).toContain(SETTINGS);
    const { exitCode, body } = await run(
      execution([{ id: "c", type: "close_app", params: { applicationId: SETTINGS } }]),
      "--device-envelope",
    );
    expect(exitCode).toBe(0);
    expect(body.ok).toBe(true);
    expect(body.envelope).toMatchObject({ status: "success", error: null });
    expect(body.envelope.stepResults).toEqual([
      { id: "c", actionType: "close_app", success: true, data: { application_id: SETTINGS } },
    ]);
    expect(body).not.toHaveProperty("error");
    expect(await foreground()).not.toContain(SETTINGS);
    // --device-envelope: what the APK answered, untouched.
    expect(body.deviceEnvelope?.stepResults[0]).toMatchObject({
      success: false,
      data: { error: "UNSUPPORTED_RUNTIME_CLOSE" },
    });
  });

  it("a step that failed without stopping the device fails the execution with the reference's error and its code", async () => {
    const payload = execution([
      { id: "p", type: "press_key", params: { key: "home" } },
      {
        id: "r",
        type: "read_text",
        params: { matcher: { textEquals: "Settings" }, validator: "regex", validatorPattern: "^zzz$", retry: once },
      },
      { id: "after", type: "sleep", params: { durationMs: 1 } },
    ]);
    const { exitCode, body } = await run(payload, "--device-envelope");
    expect(exitCode).toBe(1);
    expect(body.ok).toBe(false);
    expect(body.envelope.status).toBe("failed");
    expect(body.envelope.error).toBe("Step r (read_text) failed: VALIDATOR_MISMATCH");
    // The device went on with the next action, as the APK does.
    expect(body.envelope.stepResults.map((s: { id: string; success: boolean }) => [s.id, s.success])).toEqual([
      ["p", true],
      ["r", false],
      ["after", true],
    ]);
    expect(body.error).toMatchObject({
      code: "VALIDATOR_MISMATCH",
      source: "step",
      stepId: "r",
      actionType: "read_text",
    });
    expect(body.deviceEnvelope).toMatchObject({ status: "success", error: null });
  });

  it("a snapshot right after a click carries the reference's settle warning; one after a sleep does not", async () => {
    const { body } = await run(
      execution([
        { id: "o", type: "open_app", params: { applicationId: SETTINGS } },
        { id: "k", type: "click", params: { matcher: { textEquals: "Display" } } },
        { id: "s1", type: "snapshot_ui" },
        { id: "z", type: "sleep", params: { durationMs: 1 } },
        { id: "s2", type: "snapshot_ui" },
      ]),
    );
    const [, , first, , second] = body.envelope.stepResults;
    expect(first?.data.warn).toBe(
      "snapshot captured without a preceding sleep step; UI may not have settled - consider adding a sleep step between click and snapshot_ui",
    );
    expect(second?.data).not.toHaveProperty("warn");
    expect(body.ok).toBe(true);
  });
});

describe("a code for every device failure", () => {
  it("a click on a missing node (a step-less envelope from the APK): NODE_NOT_FOUND with the step, read from its log", async () => {
    const { exitCode, body } = await run(
      execution([{ id: "p", type: "press_key", params: { key: "home" } }, missingClick]),
    );
    expect(exitCode).toBe(1);
    expect(body.envelope).toMatchObject({ status: "failed", stepResults: [] });
    expect(body.envelope.error).toMatch(/^Task execution failed: No UI node found matching criteria: /);
    expect(body.error).toEqual({
      code: "NODE_NOT_FOUND",
      message: body.envelope.error,
      source: "device_log",
      stepId: "k",
      actionType: "click",
      hint: expect.stringContaining("observe view"),
    });
    expect(body.stepsFromDeviceLog?.failed).toMatchObject({ id: "k", failurePoint: "not_found" });
  });

  it("--output pretty shows the code and the step", async () => {
    const { exitCode, stdout, stderr } = await session.cli([
      "execute",
      "--device-id",
      device.serial,
      "--output",
      "pretty",
      "--execution",
      JSON.stringify(execution([missingClick])),
    ]);
    expect(exitCode).toBe(1);
    expect(`${stdout}${stderr}`).toMatch(
      /error: NODE_NOT_FOUND at step k \(click\): Task execution failed: No UI node/,
    );
  });
});
