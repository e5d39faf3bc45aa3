import { describe, expect, it } from "vitest";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute } from "./harness.ts";

const home = screen(node({ text: "home" }));

describe("open_app, open_uri, close_app, take_screenshot", () => {
  it("open_app launches the app and reports its application_id", async () => {
    const device = createDevice(home);
    device.ui.installed.add("com.android.settings");
    const envelope = await execute(device, [
      { id: "o", type: "open_app", params: { applicationId: "com.android.settings" } },
    ]);
    expect(envelope.stepResults).toEqual([
      { id: "o", actionType: "open_app", success: true, data: { application_id: "com.android.settings" } },
    ]);
    expect(device.ui.calls).toEqual(["openApp:com.android.settings"]);
  });

  it("open_app retries with the AppLaunch preset (750 ms doubling, 4 attempts), then fails", async () => {
    const device = createDevice(home, { random: () => 0 });
    const envelope = await execute(device, [{ id: "o", type: "open_app", params: { applicationId: "com.missing" } }]);
    expect(device.clock.sleeps).toEqual([637, 1_275, 2_550]);
    expect(envelope).toEqual({
      commandId: "cmd-1",
      taskId: "task-1",
      status: "failed",
      stepResults: [],
      error: "Task execution failed: No app found with applicationId=com.missing",
    });
    expect(device.log.records.filter((r) => r.message.includes("stage-retry")).map((r) => r.message)).toEqual([
      "[Clawperator-Command] stage-retry commandId=cmd-1 taskId=task-1 id=openApp:com.missing attempt=1/4 delayMs=637",
      "[Clawperator-Command] stage-retry commandId=cmd-1 taskId=task-1 id=openApp:com.missing attempt=2/4 delayMs=1275",
      "[Clawperator-Command] stage-retry commandId=cmd-1 taskId=task-1 id=openApp:com.missing attempt=3/4 delayMs=2550",
    ]);
    // As TaskScopeDefault.openApp logs it: the context's reason_code in front of the reason.
    const stageLines = device.log.records
      .map((r) => r.message.split("\n")[0]!)
      .filter((m) => /stage-(failure|log)/.test(m));
    expect(stageLines).toEqual([
      "[Clawperator-Command] stage-failure commandId=cmd-1 taskId=task-1 id=openApp:com.missing reason=app_not_found: No app found with applicationId=com.missing",
      "[Clawperator-Command] stage-log commandId=cmd-1 taskId=task-1 message=StageFailure context: application_id=com.missing, reason_code=app_not_found, attempt=4",
    ]);
  });

  it("open_uri hands the URI to its handler and reports it", async () => {
    const device = createDevice(home);
    device.ui.uriSchemes.add("market");
    const envelope = await execute(device, [{ id: "u", type: "open_uri", params: { uri: "market://details?id=x" } }]);
    expect(envelope.stepResults).toEqual([
      { id: "u", actionType: "open_uri", success: true, data: { uri: "market://details?id=x" } },
    ]);
  });

  it("open_uri fails with URI_NOT_HANDLED when nothing handles the scheme", async () => {
    const device = createDevice(home);
    const envelope = await execute(device, [
      { id: "u", type: "open_uri", params: { uri: "nope://x", retry: { maxAttempts: 1 } } },
    ]);
    expect(envelope).toMatchObject({
      status: "failed",
      stepResults: [],
      error: "Task execution failed: No activity found to handle uri=nope://x",
    });
    expect(envelope.errorCode).toBeUndefined();
  });

  it("close_app and take_screenshot answer with the UNSUPPORTED_RUNTIME codes, and the execution goes on and succeeds", async () => {
    const device = createDevice(home);
    const envelope = await execute(device, [
      { id: "c", type: "close_app", params: { applicationId: "com.x" } },
      { id: "s", type: "take_screenshot", params: { path: "/tmp/x.png" } },
      { id: "k", type: "press_key", params: { key: "back" } },
    ]);
    expect(envelope.status).toBe("success");
    expect(envelope.errorCode).toBeUndefined();
    expect(envelope.stepResults).toEqual([
      {
        id: "c",
        actionType: "close_app",
        success: false,
        data: {
          application_id: "com.x",
          error: "UNSUPPORTED_RUNTIME_CLOSE",
          message:
            "Android runtime cannot reliably close apps. Use the Clawperator Node API or 'adb shell am " +
            "force-stop' directly for this action.",
        },
      },
      {
        id: "s",
        actionType: "take_screenshot",
        success: false,
        data: {
          error: "UNSUPPORTED_RUNTIME_SCREENSHOT",
          message:
            "Android runtime cannot reliably capture screenshots. Use the Clawperator Node API or 'adb " +
            "exec-out screencap -p' directly for this action.",
        },
      },
      { id: "k", actionType: "press_key", success: true, data: { key: "back" } },
    ]);
    expect(device.ui.calls).toEqual(["global:back"]);
  });
});
