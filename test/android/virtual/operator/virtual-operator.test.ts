import { describe, expect, it } from "vitest";
import { RESULT_PREFIX } from "../../../../core/contracts/envelope.ts";
import { node, screen } from "./fake-ui.ts";
import { createDevice, execute, payload } from "./harness.ts";

const home = screen(node({ "resource-id": "app:id/ok", text: "OK", clickable: "true" }));

describe("virtual operator: receiver and result envelope", () => {
  it("logs a successful execution as exactly one priority-I line: the prefix and one line of JSON", async () => {
    const device = createDevice(home);
    device.operator.handleCommand(payload([{ id: "ping", type: "doctor_ping" }]));
    await device.operator.idle();
    const [line] = device.log.resultLines();
    expect(line).toMatchObject({ priority: "I", pid: 4242 });
    expect(line!.message).toBe(
      `${RESULT_PREFIX}{"commandId":"cmd-1","taskId":"task-1","status":"success","stepResults":[{"id":"ping","actionType":"doctor_ping","success":true,` +
        `"data":{"developer_options_enabled":"true","usb_debugging_enabled":"false"}}],"error":null}`,
    );
  });

  it("answers at once with SERVICE_UNAVAILABLE and runs nothing when the accessibility service is off", () => {
    const device = createDevice(home, { accessibilityEnabled: () => false });
    device.operator.handleCommand(payload([{ type: "click", params: { matcher: { textEquals: "OK" } } }]));
    // Written before handleCommand returned, like the APK's receiver.
    expect(device.log.envelope()).toEqual({
      commandId: "cmd-1",
      taskId: "task-1",
      status: "failed",
      stepResults: [],
      error: "Accessibility service is not available",
      errorCode: "SERVICE_UNAVAILABLE",
    });
    expect(device.ui.calls).toEqual([]);
  });

  it("answers an unparseable payload with a failed envelope when its commandId can be recovered", () => {
    const device = createDevice(home);
    device.operator.handleCommand(`{"commandId":"cmd-\\"x\\"","taskId":"t-9","actions":[{"id":"a","type":"click"`);
    expect(device.log.envelope()).toMatchObject({
      commandId: 'cmd-"x"',
      taskId: "t-9",
      status: "failed",
      stepResults: [],
      errorCode: "EXECUTION_VALIDATION_FAILED",
    });
  });

  it("names an unknown action type with EXECUTION_ACTION_UNSUPPORTED and runs none of the actions", async () => {
    const device = createDevice(home);
    device.operator.handleCommand(payload([{ type: "click", params: { matcher: { textEquals: "OK" } } }, { type: "teleport" }]));
    await device.operator.idle();
    expect(device.log.envelope()).toMatchObject({ status: "failed", errorCode: "EXECUTION_ACTION_UNSUPPORTED", error: expect.stringContaining("teleport") });
    expect(device.ui.calls).toEqual([]);
  });

  it("logs an error line and no envelope when no commandId can be recovered", () => {
    const device = createDevice(home);
    device.operator.handleCommand("not json at all");
    expect(device.log.resultLines()).toEqual([]);
    expect(device.log.records).toEqual([
      { priority: "E", tag: "OperatorCommandReceiver", pid: 4242, message: expect.stringMatching(/^Failed to parse agent command payload: payload is not JSON/) },
    ]);
  });

  it("keeps hostile ids and text exactly in the one-line JSON", async () => {
    const hostile = `q"uo'te $(rm -rf /) \`id\` back\\slash\nnew\r\u2028line 😀 é 恒`;
    const field = screen(node({ "resource-id": "app:id/q", class: "android.widget.EditText" }));
    const device = createDevice(field);
    device.operator.handleCommand(
      payload([{ id: hostile, type: "enter_text", params: { matcher: { resourceId: "app:id/q" }, text: hostile } }], { commandId: hostile, taskId: hostile }),
    );
    await device.operator.idle();
    expect(device.log.resultLines()).toHaveLength(1);
    expect(device.log.envelope()).toEqual({
      commandId: hostile,
      taskId: hostile,
      status: "success",
      stepResults: [{ id: hostile, actionType: "enter_text", success: true, data: { text: hostile, submit: "false" } }],
      error: null,
    });
  });

  it("writes progress lines prefixed TaskScopeDefault: at priority D or I, one record per line", async () => {
    const device = createDevice(home);
    await execute(device, [{ id: "a\nb", type: "sleep", params: { durationMs: 5 } }, { id: "p", type: "press_key", params: { key: "back" } }]);
    const progress = device.log.records.filter((r) => !r.message.startsWith(RESULT_PREFIX));
    expect(progress.map((r) => [r.priority, r.message])).toEqual([
      ["I", 'TaskScopeDefault: [Clawperator-Command] start commandId="cmd-1" taskId="task-1" timeoutMs=120000 actionCount=2'],
      ["D", 'TaskScopeDefault: step_start id="a\\nb" type=sleep'],
      ["D", 'TaskScopeDefault: step_success id="a\\nb" type=sleep'],
      ["D", 'TaskScopeDefault: step_start id="p" type=press_key'],
      ["D", 'TaskScopeDefault: step_success id="p" type=press_key'],
    ]);
  });

  it("runs executions one after another, in the order received", async () => {
    const device = createDevice(home);
    device.operator.handleCommand(payload([{ type: "sleep", params: { durationMs: 300 } }], { commandId: "first" }));
    device.operator.handleCommand(payload([{ type: "sleep", params: { durationMs: 10 } }], { commandId: "second" }));
    await device.operator.idle();
    const ids = device.log.resultLines().map((r) => JSON.parse(r.message.slice(RESULT_PREFIX.length)).commandId);
    expect(ids).toEqual(["first", "second"]);
    expect(device.clock.sleeps).toEqual([300, 10]);
  });

  it("fails with COMMAND_TIMEOUT, keeping the steps already finished, when the budget runs out during a wait", async () => {
    const device = createDevice(home);
    const envelope = await execute(
      device,
      [
        { id: "s1", type: "sleep", params: { durationMs: 600 } },
        { id: "s2", type: "sleep", params: { durationMs: 900 } },
        { id: "k", type: "press_key", params: { key: "home" } },
      ],
      { timeoutMs: 1_000 },
    );
    expect(envelope).toEqual({
      commandId: "cmd-1",
      taskId: "task-1",
      status: "failed",
      stepResults: [{ id: "s1", actionType: "sleep", success: true, data: { duration_ms: "600" } }],
      error: "Agent command timed out after 1000ms",
      errorCode: "COMMAND_TIMEOUT",
    });
    // It stops when the budget ends, not when the sleep would have.
    expect(device.clock.sleeps).toEqual([600, 400]);
    expect(device.ui.calls).toEqual([]);
  });

  it("counts the time a command waited behind another against its own budget", async () => {
    const device = createDevice(home);
    device.operator.handleCommand(payload([{ type: "sleep", params: { durationMs: 2_000 } }], { commandId: "long" }));
    device.operator.handleCommand(payload([{ type: "doctor_ping" }], { commandId: "queued", timeoutMs: 1_500 }));
    await device.operator.idle();
    const envelopes = device.log.resultLines().map((r) => JSON.parse(r.message.slice(RESULT_PREFIX.length)));
    expect(envelopes.map((e) => [e.commandId, e.status, e.errorCode])).toEqual([
      ["long", "success", undefined],
      ["queued", "failed", "COMMAND_TIMEOUT"],
    ]);
  });

  it("reports an error thrown by the device as ACTION_FAILED and keeps serving later commands", async () => {
    const device = createDevice(home);
    device.ui.globalAction = () => {
      throw new Error("ui model exploded");
    };
    device.operator.handleCommand(payload([{ type: "press_key", params: { key: "back" } }], { commandId: "boom" }));
    device.operator.handleCommand(payload([{ type: "doctor_ping" }], { commandId: "after" }));
    await device.operator.idle();
    const envelopes = device.log.resultLines().map((r) => JSON.parse(r.message.slice(RESULT_PREFIX.length)));
    expect(envelopes).toMatchObject([
      { commandId: "boom", status: "failed", errorCode: "ACTION_FAILED", error: "ui model exploded" },
      { commandId: "after", status: "success" },
    ]);
  });

  it("stops a running execution at its next wait, runs nothing queued and logs no result once closed", async () => {
    let entered!: () => void;
    const sleeping = new Promise<void>((resolve) => (entered = resolve));
    // A wait that only ends by abort, and tells the test when the execution reached it.
    const clock = {
      now: () => 0,
      sleep: (_ms: number, signal: AbortSignal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(signal.reason));
          entered();
        }),
    };
    const device = createDevice(home, { clock });
    device.operator.handleCommand(payload([{ type: "press_key", params: { key: "home" } }, { type: "sleep", params: { durationMs: 50 } }, { type: "press_key", params: { key: "back" } }]));
    device.operator.handleCommand(payload([{ type: "press_key", params: { key: "recents" } }], { commandId: "queued" }));
    await sleeping;
    expect(device.ui.calls).toEqual(["global:home"]);
    device.operator.close();
    device.operator.handleCommand(payload([{ type: "doctor_ping" }], { commandId: "late" }));
    await device.operator.idle();
    expect(device.log.resultLines()).toEqual([]);
    expect(device.ui.calls).toEqual(["global:home"]);
  });
});
