import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { ErrorOutput, ExecutionOutput } from "../../helpers/cli-output.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { attributeValues, DEMO, DEMO_IDS, execution, hierarchyNodeCount, PNG_SIGNATURE, SETTINGS } from "./support.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

/** The current screen, through the CLI; the device is the only one connected. */
const snapshotOf = async (): Promise<string> => {
  const { exitCode, body } = await session.json<ExecutionOutput>(["observe", "snapshot"]);
  expect(exitCode).toBe(0);
  return body.envelope.stepResults[0]!.data.text!;
};

describe("action commands", () => {
  it("action open-app --app opens the app (and the positional form too)", async () => {
    for (const args of [
      ["action", "open-app", "--app", SETTINGS],
      ["action", "open-app", DEMO],
    ]) {
      const { exitCode, body } = await session.json<ExecutionOutput>(args);
      expect(exitCode).toBe(0);
      expect(body.envelope.stepResults).toEqual([
        { id: "open_app", actionType: "open_app", success: true, data: { application_id: args.at(-1) } },
      ]);
    }
    expect(attributeValues(await snapshotOf(), "package")).toContain(DEMO);
  });

  it("action open-app for an app that is not installed reports the step failure", async () => {
    const { exitCode, body } = await session.json<ExecutionOutput>([
      "action",
      "open-app",
      "--app",
      "com.example.not.installed",
    ]);
    expect(exitCode).toBe(1);
    expect(body.ok).toBe(false);
    // The envelope as the real APK sends it: no step results, the exception's message.
    expect(body.envelope).toMatchObject({
      status: "failed",
      stepResults: [],
      error: "Task execution failed: No app found with applicationId=com.example.not.installed",
    });
    // The code to branch on, read from the APK's stage lines, with the step.
    expect(body.error).toMatchObject({ code: "APP_NOT_FOUND", source: "device_log", actionType: "open_app" });
  });

  it("action type, read and wait work on the demo app's search field", async () => {
    await session.json<ExecutionOutput>(["action", "open-app", "--app", DEMO]);
    const selector = JSON.stringify({ resourceId: DEMO_IDS.search });
    const typed = await session.json<ExecutionOutput>(["action", "type", "--selector", selector, "--text", "Lisbon"]);
    expect(typed.exitCode).toBe(0);
    expect(typed.body.envelope.stepResults[0]).toMatchObject({
      actionType: "enter_text",
      success: true,
      data: { text: "Lisbon" },
    });

    const read = await session.json<ExecutionOutput>(["action", "read", "--selector", selector]);
    expect(read.exitCode).toBe(0);
    expect(read.body.envelope.stepResults[0]).toMatchObject({
      actionType: "read_text",
      success: true,
      data: { text: "Lisbon" },
    });

    const waited = await session.json<ExecutionOutput>(["action", "wait", "--resource-id", DEMO_IDS.temperature]);
    expect(waited.exitCode).toBe(0);
    expect(waited.body.envelope.stepResults[0]).toMatchObject({
      actionType: "wait_for_node",
      success: true,
      data: { resource_id: DEMO_IDS.temperature },
    });
  });

  it("action read --validator temperature reads the temperature", async () => {
    const { exitCode, body } = await session.json<ExecutionOutput>([
      "action",
      "read",
      "--resource-id",
      DEMO_IDS.temperature,
      "--validator",
      "temperature",
    ]);
    expect(exitCode).toBe(0);
    expect(body.envelope.stepResults[0]).toMatchObject({
      actionType: "read_text",
      success: true,
      data: { validator: "temperature" },
    });
    expect(body.envelope.stepResults[0]!.data.text).toMatch(/-?\d+(\.\d+)?/);
  });

  it("action click toggles the units switch (the next snapshot shows it)", async () => {
    const checked = async () => {
      const xml = await snapshotOf();
      const node = xml.split("\n").find((line) => line.includes(`resource-id="${DEMO_IDS.units}"`));
      return /checked="(true|false)"/.exec(node ?? "")?.[1];
    };
    const before = await checked();
    expect(before).toMatch(/true|false/);
    const { exitCode, body } = await session.json<ExecutionOutput>([
      "action",
      "click",
      "--selector",
      JSON.stringify({ resourceId: DEMO_IDS.units }),
    ]);
    expect(exitCode).toBe(0);
    expect(body.envelope.stepResults[0]).toMatchObject({ actionType: "click", success: true });
    expect(await checked()).toBe(before === "true" ? "false" : "true");
  });

  it("action press-key --key home returns to the launcher", async () => {
    await session.json<ExecutionOutput>(["action", "open-app", "--app", DEMO]);
    const { exitCode, body } = await session.json<ExecutionOutput>(["action", "press-key", "--key", "home"]);
    expect(exitCode).toBe(0);
    expect(body.envelope.stepResults[0]).toEqual({
      id: "press_key",
      actionType: "press_key",
      success: true,
      data: { key: "home" },
    });
    expect(attributeValues(await snapshotOf(), "package")).not.toContain(DEMO);
  });

  it("action scroll --direction down moves the settings list, and the snapshot shows other rows", async () => {
    await session.json<ExecutionOutput>(["action", "open-app", "--app", SETTINGS]);
    const before = attributeValues(await snapshotOf(), "text").filter(Boolean);
    const { exitCode, body } = await session.json<ExecutionOutput>(["action", "scroll", "--direction", "down"]);
    expect(exitCode).toBe(0);
    expect(body.envelope.stepResults[0]).toMatchObject({
      actionType: "scroll",
      success: true,
      data: { scroll_outcome: "moved", direction: "down" },
    });
    const after = attributeValues(await snapshotOf(), "text").filter(Boolean);
    expect(after).not.toEqual(before);
  });

  it("action open-uri --uri opens the app that handles it; an unhandled URI fails the command", async () => {
    await session.json<ExecutionOutput>(["action", "press-key", "--key", "home"]);
    const opened = await session.json<ExecutionOutput>([
      "action",
      "open-uri",
      "--uri",
      "https://clawperator.dev/weather?city=Lisbon",
    ]);
    expect(opened.exitCode).toBe(0);
    expect(opened.body.envelope.stepResults[0]).toMatchObject({
      actionType: "open_uri",
      success: true,
      data: { uri: "https://clawperator.dev/weather?city=Lisbon" },
    });
    expect(attributeValues(await snapshotOf(), "resource-id")).toContain(DEMO_IDS.search);

    const unhandled = await session.json<ExecutionOutput>(["action", "open-uri", "--uri", "nosuchscheme://anything"]);
    expect(unhandled.exitCode).toBe(1);
    expect(unhandled.body.envelope).toMatchObject({
      status: "failed",
      stepResults: [],
      error: "Task execution failed: No activity found to handle uri=nosuchscheme://anything",
    });
    // No handler for the scheme is URI_NOT_HANDLED (docs/execution.md#action-types).
    expect(unhandled.body.error).toMatchObject({ code: "URI_NOT_HANDLED", stepId: "open_uri" });
  });

  it("action click without a selector is USAGE", async () => {
    const { exitCode, body } = await session.json<ErrorOutput>(["action", "click"]);
    expect(exitCode).toBe(1);
    expect(body.code).toBe("USAGE");
  });
});

describe("the shapes real skill scripts use", () => {
  const globals = () => [
    "--device",
    device.serial,
    "--operator-package",
    "com.clawperator.operator",
    "--json",
    "--timeout",
    "9000",
  ];

  it("exec <file> and exec --execution <json>", async () => {
    const payload = execution([
      { id: "open", type: "open_app", params: { applicationId: DEMO } },
      { id: "snap", type: "snapshot_ui" },
    ]);
    const file = join(session.harness.home, "skill.json");
    await writeFile(file, JSON.stringify(payload));
    for (const args of [
      ["exec", file, ...globals()],
      [...globals(), "exec", "--execution", JSON.stringify(payload)],
    ]) {
      const { exitCode, body } = await session.json<ExecutionOutput>(args);
      expect(exitCode).toBe(0);
      expect(body.envelope.stepResults.map((s: { id: string; success: boolean }) => [s.id, s.success])).toEqual([
        ["open", true],
        ["snap", true],
      ]);
    }
  });

  it("open <pkg>, close <pkg>, click --text <t>, snapshot, screenshot --path", async () => {
    const open = await session.json<ExecutionOutput>(["open", SETTINGS, ...globals()]);
    expect(open.exitCode).toBe(0);
    expect(open.body.envelope.stepResults[0]).toMatchObject({ actionType: "open_app", success: true });
    expect(
      (await session.json<ExecutionOutput>(["action", "scroll", ...globals()])).body.envelope.stepResults[0]!.data
        .scroll_outcome,
    ).toBe("moved");
    expect(attributeValues(await snapshotOf(), "text")).not.toContain("Display");

    const close = await session.json<ExecutionOutput>(["close", SETTINGS, ...globals()]);
    // The APK cannot close apps (UNSUPPORTED_RUNTIME_CLOSE); the host force-stopped it and says so, as the reference.
    expect(close.exitCode).toBe(0);
    expect(close.body.ok).toBe(true);
    expect(close.body.envelope.status).toBe("success");
    expect(close.body.envelope.stepResults[0]).toEqual({
      id: expect.any(String),
      actionType: "close_app",
      success: true,
      data: { application_id: SETTINGS },
    });

    // Force-stopped, Settings starts again at the top of its list.
    expect((await session.json<ExecutionOutput>(["open", SETTINGS, ...globals()])).exitCode).toBe(0);
    const click = await session.json<ExecutionOutput>(["click", "--text", "Display", ...globals()]);
    expect(click.exitCode).toBe(0);
    expect(click.body.envelope.stepResults[0]).toMatchObject({ actionType: "click", success: true });

    const snapshot = await session.json<ExecutionOutput>(["snapshot", ...globals()]);
    expect(snapshot.exitCode).toBe(0);
    hierarchyNodeCount(snapshot.body.envelope.stepResults[0]!.data.text!);
    expect(attributeValues(snapshot.body.envelope.stepResults[0]!.data.text!, "text")).toContain("Dark theme");

    const path = join(session.harness.home, "skill-shot.png");
    const shot = await session.json<ExecutionOutput>(["screenshot", "--path", path, ...globals()]);
    expect(shot.body.envelope.stepResults[0]).toMatchObject({ success: true, data: { path } });
    expect((await readFile(path)).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it("CLAWPERATOR_DEVICE_ID and CLAWPERATOR_OPERATOR_PACKAGE from the environment select the device and receiver", async () => {
    const { exitCode, body } = await session.json<ExecutionOutput>(["snapshot"], {
      env: { CLAWPERATOR_DEVICE_ID: device.serial, CLAWPERATOR_OPERATOR_PACKAGE: "com.clawperator.operator" },
    });
    expect(exitCode).toBe(0);
    expect(body.deviceId).toBe(device.serial);
  });
});
