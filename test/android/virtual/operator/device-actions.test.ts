import { describe, expect, it } from "vitest";
import { systemClock } from "../../../../core/host/clock.ts";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute } from "./harness.ts";

const home = screen(node({ text: "home" }));

describe("sleep, press_key, doctor_ping", () => {
  it("sleep really waits its duration on the system clock", async () => {
    const device = createDevice(home, { clock: systemClock });
    const started = performance.now();
    const envelope = await execute(device, [{ id: "z", type: "sleep", params: { durationMs: 60 } }]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(59);
    expect(envelope.stepResults).toEqual([
      { id: "z", actionType: "sleep", success: true, data: { duration_ms: "60" } },
    ]);
  });

  it("press_key performs the global action and reports the key", async () => {
    const device = createDevice(home);
    const envelope = await execute(device, [
      { id: "b", type: "press_key", params: { key: "back" } },
      { id: "h", type: "press_key", params: { key: "home" } },
      { id: "r", type: "press_key", params: { key: "recents" } },
    ]);
    expect(envelope.stepResults.map((s) => [s.id, s.success, s.data])).toEqual([
      ["b", true, { key: "back" }],
      ["h", true, { key: "home" }],
      ["r", true, { key: "recents" }],
    ]);
    expect(device.ui.calls).toEqual(["global:back", "global:home", "global:recents"]);
  });

  it("press_key answers GLOBAL_ACTION_FAILED when the OS refuses, and the command goes on", async () => {
    const device = createDevice(home);
    device.ui.refusedKeys.add("recents");
    const envelope = await execute(device, [
      { id: "r", type: "press_key", params: { key: "recents" } },
      { id: "b", type: "press_key", params: { key: "back" } },
    ]);
    expect(envelope).toEqual({
      commandId: "cmd-1",
      taskId: "task-1",
      status: "success",
      stepResults: [
        {
          id: "r",
          actionType: "press_key",
          success: false,
          data: {
            key: "recents",
            error: "GLOBAL_ACTION_FAILED",
            message: "performGlobalAction returned false for key=recents",
          },
        },
        { id: "b", actionType: "press_key", success: true, data: { key: "back" } },
      ],
      error: null,
    });
    expect(device.ui.calls).toEqual(["global:recents", "global:back"]);
  });

  it("doctor_ping answers the handshake with the device's developer settings", async () => {
    const device = createDevice(home, {
      deviceFacts: () => ({ developerOptionsEnabled: false, usbDebuggingEnabled: true }),
    });
    const envelope = await execute(device, [{ id: "h1", type: "doctor_ping" }], {
      commandId: "handshake-1700000000000",
      taskId: "doctor-handshake",
      source: "clawperator-doctor",
      timeoutMs: 5_000,
    });
    expect(envelope).toEqual({
      commandId: "handshake-1700000000000",
      taskId: "doctor-handshake",
      status: "success",
      stepResults: [
        {
          id: "h1",
          actionType: "doctor_ping",
          success: true,
          data: { developer_options_enabled: "false", usb_debugging_enabled: "true" },
        },
      ],
      error: null,
    });
  });
});
