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
    expect(line).toMatchObject({ priority: "I", pid: 4242, tag: "AgentCommandExecutorDefault$execute" });
    expect(line!.message).toBe(
      `${RESULT_PREFIX}` +
        `{"commandId":"cmd-1","taskId":"task-1","status":"success","stepResults":[{"id":"ping","actionType":"doctor_ping","success":true,` +
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

  it("logs the receiver's parse failure with its exception, and no envelope, for a payload the APK cannot parse", () => {
    const device = createDevice(home);
    device.operator.handleCommand(`{"commandId":"cmd-x","taskId":"t-9","actions":[{"id":"a","type":"click"`);
    device.operator.handleCommand(
      payload([{ type: "click", params: { matcher: { textEquals: "OK" } } }, { type: "teleport" }]),
    );
    device.operator.handleCommand(payload([{ type: "snapshot_ui" }], { source: " " }));
    expect(device.log.resultLines()).toEqual([]);
    expect(device.ui.calls).toEqual([]);
    const messages = device.log.records.map((r) => [r.priority, r.tag, r.message]);
    expect(messages).toEqual([
      ["E", "OperatorCommandReceiver", "[Operator-Receiver] Failed to parse agent command payload"],
      [
        "E",
        "OperatorCommandReceiver",
        expect.stringMatching(/^java\.lang\.IllegalArgumentException: Unexpected JSON token/),
      ],
      ["E", "OperatorCommandReceiver", expect.stringMatching(/^\tat /)],
      ["E", "OperatorCommandReceiver", "[Operator-Receiver] Failed to parse agent command payload"],
      [
        "E",
        "OperatorCommandReceiver",
        "java.lang.IllegalArgumentException: unsupported action type at index=1: teleport",
      ],
      ["E", "OperatorCommandReceiver", expect.stringMatching(/^\tat /)],
      ["E", "OperatorCommandReceiver", "[Operator-Receiver] Failed to parse agent command payload"],
      ["E", "OperatorCommandReceiver", "java.lang.IllegalArgumentException: source must not be blank"],
      ["E", "OperatorCommandReceiver", expect.stringMatching(/^\tat /)],
    ]);
  });

  it("logs a missing payload extra, and with the accessibility service off an unparseable payload gets no envelope either", () => {
    const device = createDevice(home, { accessibilityEnabled: () => false });
    device.operator.handleCommand(undefined);
    device.operator.handleCommand("not json");
    expect(device.log.resultLines()).toEqual([]);
    expect(device.log.records.map((r) => r.message).filter((m) => m.startsWith("[Operator-Receiver]"))).toEqual([
      "[Operator-Receiver] Missing required agent payload extra: payload",
      "[Operator-Receiver] Accessibility service is not available and failed to parse agent command payload",
    ]);
  });

  it("keeps hostile ids and text exactly in the one-line JSON", async () => {
    const hostile = `q"uo'te $(rm -rf /) \`id\` back\\slash\nnew\r\u2028line 😀 é 恒`;
    const field = screen(node({ "resource-id": "app:id/q", class: "android.widget.EditText" }));
    const device = createDevice(field);
    device.operator.handleCommand(
      payload([{ id: hostile, type: "enter_text", params: { matcher: { resourceId: "app:id/q" }, text: hostile } }], {
        commandId: hostile,
        taskId: hostile,
      }),
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

  it("logs the APK's lines for each step, with Kotlin class names and Map.toString data", async () => {
    const device = createDevice(home);
    await execute(device, [
      { id: "a\nb", type: "sleep", params: { durationMs: 5 } },
      { id: "p", type: "press_key", params: { key: "back" } },
    ]);
    expect(device.log.records.map((r) => [r.priority, r.tag, r.message])).toEqual([
      [
        "I",
        "AgentCommandExecutorDefault$execute",
        "[Clawperator-Command] start commandId=cmd-1 taskId=task-1 source=test timeoutMs=120000 actionCount=2",
      ],
      ["D", "TaskRunnerManagerDefault", "[TaskRunnerManager] Task execution started"],
      // An id with a line break is one message that logcat prints as two lines.
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_start id=a"],
      ["D", "UiActionEngineDefault", "b type=Sleep"],
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_success id=a"],
      ["D", "UiActionEngineDefault", "b type=Sleep data={duration_ms=5}"],
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_start id=p type=PressKey"],
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_success id=p type=PressKey data={key=back}"],
      [
        "D",
        "TaskRunnerManagerDefault",
        "[TaskRunnerManager] Task completed successfully in 5ms with value: " +
          "UiActionExecutionResult(commandId=cmd-1, taskId=task-1, stepResults=[" +
          "UiActionStepResult(id=a", // continues on the next printed line
      ],
      [
        "D",
        "TaskRunnerManagerDefault",
        "b, actionType=sleep, success=true, data={duration_ms=5}), UiActionStepResult(id=p, " +
          "actionType=press_key, success=true, data={key=back})])",
      ],
      [
        "I",
        "AgentCommandExecutorDefault$execute",
        "[Clawperator-Command] success commandId=cmd-1 taskId=task-1 stepCount=2",
      ],
      [
        "I",
        "AgentCommandExecutorDefault$execute",
        expect.stringMatching(/^\[Clawperator-Result\] \{"commandId":"cmd-1"/),
      ],
      [
        "D",
        "OperatorCommandReceiver$onReceive",
        "[Operator-Receiver] Agent command completed successfully commandId=cmd-1 taskId=task-1",
      ],
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

  it("times out as the APK does: no step results, no errorCode, when the budget runs out during a wait", async () => {
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
      stepResults: [],
      error: "Agent command timed out after 1000ms",
    });
    expect(device.log.records.filter((r) => r.priority === "E").map((r) => r.message)).toEqual([
      "[Clawperator-Command] failure commandId=cmd-1 taskId=task-1 reason=Agent command timed out after 1000ms",
      "java.lang.IllegalStateException: Agent command timed out after 1000ms",
      expect.stringMatching(/^\tat /),
      "[Operator-Receiver] Agent command failed commandId=cmd-1 taskId=task-1: Agent command timed out after 1000ms",
    ]);
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
    expect(envelopes.map((e) => [e.commandId, e.status, e.error])).toEqual([
      ["long", "success", null],
      ["queued", "failed", "Agent command timed out after 1500ms"],
    ]);
    expect(device.log.records.find((r) => r.message.includes("queued"))).toMatchObject({
      priority: "I",
      message: "[Clawperator-Command] queued commandId=queued taskId=task-1 waiting_for_active_command=true",
    });
  });

  it("fails the command on an error thrown by the device, and keeps serving later commands", async () => {
    const device = createDevice(home);
    device.ui.globalAction = () => {
      throw new Error("ui model exploded");
    };
    device.operator.handleCommand(payload([{ type: "press_key", params: { key: "back" } }], { commandId: "boom" }));
    device.operator.handleCommand(payload([{ type: "doctor_ping" }], { commandId: "after" }));
    await device.operator.idle();
    const envelopes = device.log.resultLines().map((r) => JSON.parse(r.message.slice(RESULT_PREFIX.length)));
    expect(envelopes).toMatchObject([
      { commandId: "boom", status: "failed", stepResults: [], error: "Task execution failed: ui model exploded" },
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
    device.operator.handleCommand(
      payload([
        { type: "press_key", params: { key: "home" } },
        { type: "sleep", params: { durationMs: 50 } },
        { type: "press_key", params: { key: "back" } },
      ]),
    );
    device.operator.handleCommand(
      payload([{ type: "press_key", params: { key: "recents" } }], { commandId: "queued" }),
    );
    await sleeping;
    expect(device.ui.calls).toEqual(["global:home"]);
    device.operator.close();
    device.operator.handleCommand(payload([{ type: "doctor_ping" }], { commandId: "late" }));
    await device.operator.idle();
    expect(device.log.resultLines()).toEqual([]);
    expect(device.ui.calls).toEqual(["global:home"]);
  });
});
