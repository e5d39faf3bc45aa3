import { describe, expect, it } from "vitest";
import { node, screen } from "./fake-ui.ts";
import { createDevice, payload, type Device } from "./harness.ts";

// Golden logs: what the virtual APK writes, line by line (priority, tag, message), against
// docs/protocol.md#the-apks-log-lines. Tags are the debug build's class names; a reader must never depend on them
// (release builds obfuscate).

const M = (text: string) =>
  `NodeMatcher(resourceId=null, role=null, textEquals=${text}, textContains=null, contentDescEquals=null, ` +
  `contentDescContains=null)`;
const CT = "commandId=cmd-1 taskId=task-1";
const CC = "[Clawperator-Command]";
const STACK = expect.stringMatching(/^\tat /);

const home = screen(
  node({ "resource-id": "app:id/ok", text: "OK", clickable: "true" }),
  node({ "resource-id": "app:id/temp", text: "--°C" }),
  node({ "resource-id": "app:id/blank", text: " " }),
);

function device(): Device {
  const d = createDevice(home, { random: () => 0 });
  d.ui.installed.add("com.android.settings");
  return d;
}

async function logOf(d: Device, actions: Parameters<typeof payload>[0], extra?: Record<string, unknown>) {
  d.operator.handleCommand(payload(actions, extra));
  await d.operator.idle();
  return d.log.records.map((r) => [r.priority, r.tag, r.message]);
}

describe("golden logs of the virtual APK", () => {
  it("a successful 4-action command [open_app, click, snapshot_ui, read_text]", async () => {
    const log = await logOf(device(), [
      { id: "a1", type: "open_app", params: { applicationId: "com.android.settings" } },
      { id: "a2", type: "click", params: { matcher: { textEquals: "OK" } } },
      { id: "a3", type: "snapshot_ui" },
      { id: "a4", type: "read_text", params: { matcher: { textEquals: "OK" } } },
    ]);
    const attrs = (id: string, text: string, clickable = "false") =>
      `index="0" text="${text}" resource-id="${id}" class="android.widget.FrameLayout" package="" ` +
      `content-desc="" checkable="false" checked="false" clickable="${clickable}" enabled="true" ` +
      `focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" ` +
      `selected="false" bounds="[0,0][100,50]"`;
    expect(log).toEqual([
      ["I", "AgentCommandExecutorDefault$execute", `${CC} start ${CT} source=test timeoutMs=120000 actionCount=4`],
      ["D", "TaskRunnerManagerDefault", "[TaskRunnerManager] Task execution started"],
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_start id=a1 type=OpenApp"],
      [
        "D",
        "LoggingTaskStatusSink",
        `${CC} stage-start ${CT} id=openApp:com.android.settings label=Opening com.android.settings`,
      ],
      ["D", "TaskScopeDefault", "[TaskScope] Opening app: com.android.settings"],
      [
        "D",
        "LoggingTaskStatusSink",
        `${CC} stage-success ${CT} id=openApp:com.android.settings ` +
          `data={stage_id=openApp:com.android.settings, application_id=com.android.settings, ` +
          `launch_method=shortcut, cold_start=unknown, elapsed_ms=0, attempt=1}`,
      ],
      [
        "D",
        "UiActionEngineDefault",
        "[UiActionEngine] step_success id=a1 type=OpenApp data={application_id=com.android.settings}",
      ],
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_start id=a2 type=Click"],
      ["D", "TaskScopeDefault", "[TaskScope] Executing UI operations"],
      ["D", "LoggingTaskStatusSink", `${CC} stage-start ${CT} id=click(${M("OK")}) label=click(${M("OK")})`],
      ["D", "TaskUiScopeDefault", `[TaskUiScope] Clicking node matching: ${M("OK")}`],
      [
        "D",
        "UiTreeManagerAndroid",
        '[UiTreeManager] Clicked via ACTION_CLICK on class=android.widget.FrameLayout text="OK" ' +
          "bounds=Rect(0, 0 - 100, 50) clickable=true for id=W:0",
      ],
      ["D", "UiTreeManagerAndroid", "[UiTreeManager] Successfully performed Click on node for id=W:0"],
      ["D", "TaskUiScopeDefault", "[TaskUiScope] Successfully clicked matching node"],
      [
        "D",
        "LoggingTaskStatusSink",
        `${CC} stage-success ${CT} id=click(${M("OK")}) data={matcher=${M("OK")}, ` +
          `click_type=UiTreeClickTypes(types=[Click]), elapsed_ms=0, attempt=1}`,
      ],
      ["D", "TaskScopeDefault", "[TaskScope] UI operations completed"],
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_success id=a2 type=Click data={click_types=click}"],
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_start id=a3 type=SnapshotUi"],
      ["D", "LoggingTaskStatusSink", `${CC} stage-start ${CT} id=logUiTree label=Logging UI tree`],
      ["D", "TaskScopeDefault", "[TaskScope] Logging UI tree"],
      ["D", "TaskScopeDefault", "[TaskScope] UI Hierarchy:"],
      ["D", "TaskScopeDefault", "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"],
      ["D", "TaskScopeDefault", '<hierarchy rotation="0">'],
      ["D", "TaskScopeDefault", `  <node ${attrs("app:id/ok", "OK", "true")} />`],
      ["D", "TaskScopeDefault", `  <node ${attrs("app:id/temp", "--°C")} />`],
      ["D", "TaskScopeDefault", `  <node ${attrs("app:id/blank", " ")} />`],
      ["D", "TaskScopeDefault", "</hierarchy>"],
      [
        "D",
        "LoggingTaskStatusSink",
        `${CC} stage-success ${CT} id=logUiTree data={stage_id=logUiTree, node_count=3, max_depth=1, ` +
          `actual_format=hierarchy_xml, foreground_package=com.example, has_overlay=false, window_count=3, ` +
          `truncated=false, elapsed_ms=0, attempt=1}`,
      ],
      [
        "D",
        "UiActionEngineDefault",
        "[UiActionEngine] step_success id=a3 type=SnapshotUi data={actual_format=hierarchy_xml, " +
          "foreground_package=com.example, has_overlay=false, window_count=3}",
      ],
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_start id=a4 type=ReadText"],
      ["D", "TaskScopeDefault", "[TaskScope] Executing UI operations"],
      ["D", "LoggingTaskStatusSink", `${CC} stage-start ${CT} id=getText(${M("OK")}) label=getText(${M("OK")})`],
      ["D", "TaskUiScopeDefault", `[TaskUiScope] Getting text for node matching: ${M("OK")}`],
      ["D", "TaskUiScopeDefault", "[TaskUiScope] Got text from matching node: 'OK'"],
      ["D", "LoggingTaskStatusSink", `${CC} stage-success ${CT} id=getText(${M("OK")}) data={elapsed_ms=0, attempt=1}`],
      ["D", "TaskScopeDefault", "[TaskScope] UI operations completed"],
      [
        "D",
        "UiActionEngineDefault",
        "[UiActionEngine] step_success id=a4 type=ReadText data={text=OK, validator=none}",
      ],
      [
        "D",
        "TaskRunnerManagerDefault",
        "[TaskRunnerManager] Task completed successfully in 0ms with value: " +
          "UiActionExecutionResult(commandId=cmd-1, taskId=task-1, stepResults=[" +
          "UiActionStepResult(id=a1, actionType=open_app, success=true, data={application_id=com.android.settings}), " +
          "UiActionStepResult(id=a2, actionType=click, success=true, data={click_types=click}), " +
          "UiActionStepResult(id=a3, actionType=snapshot_ui, success=true, data={actual_format=hierarchy_xml, " +
          "foreground_package=com.example, has_overlay=false, window_count=3}), " +
          "UiActionStepResult(id=a4, actionType=read_text, success=true, data={text=OK, validator=none})])",
      ],
      ["I", "AgentCommandExecutorDefault$execute", `${CC} success ${CT} stepCount=4`],
      [
        "I",
        "AgentCommandExecutorDefault$execute",
        '[Clawperator-Result] {"commandId":"cmd-1","taskId":"task-1","status":"success","stepResults":[' +
          '{"id":"a1","actionType":"open_app","success":true,"data":{"application_id":"com.android.settings"}},' +
          '{"id":"a2","actionType":"click","success":true,"data":{"click_types":"click"}},' +
          '{"id":"a3","actionType":"snapshot_ui","success":true,"data":{"actual_format":"hierarchy_xml","foreground_package":"com.example","has_overlay":"false","window_count":"3"}},' +
          '{"id":"a4","actionType":"read_text","success":true,"data":{"text":"OK","validator":"none"}}],"error":null}',
      ],
      ["D", "OperatorCommandReceiver$onReceive", `[Operator-Receiver] Agent command completed successfully ${CT}`],
    ]);
  });

  it("a step that throws: retries, stage-failure with its context, the task's and command's failure, an envelope without steps", async () => {
    const log = await logOf(device(), [
      { id: "s", type: "snapshot_ui" },
      {
        id: "c",
        type: "click",
        params: {
          matcher: { textEquals: "Missing" },
          retry: { maxAttempts: 3, initialDelayMs: 500, maxDelayMs: 3_000, backoffMultiplier: 2 },
        },
      },
      { id: "never", type: "doctor_ping" },
    ]);
    const m = M("Missing");
    const reason = `No UI node found matching criteria: ${m}`;
    const failed = `Task execution failed: ${reason}`;
    const from = log.findIndex((l) => l[2] === "[UiActionEngine] step_start id=c type=Click");
    expect(log.slice(from)).toEqual([
      ["D", "UiActionEngineDefault", "[UiActionEngine] step_start id=c type=Click"],
      ["D", "TaskScopeDefault", "[TaskScope] Executing UI operations"],
      ["D", "LoggingTaskStatusSink", `${CC} stage-start ${CT} id=click(${m}) label=click(${m})`],
      ["D", "TaskUiScopeDefault", `[TaskUiScope] Clicking node matching: ${m}`],
      ["D", "LoggingTaskStatusSink", `${CC} stage-retry ${CT} id=click(${m}) attempt=1/3 delayMs=500`],
      ["D", "TaskUiScopeDefault", `[TaskUiScope] click(${m}) attempt 1 failed: ${reason}; retrying in 500ms`],
      ["D", "TaskUiScopeDefault", `[TaskUiScope] Clicking node matching: ${m}`],
      ["D", "LoggingTaskStatusSink", `${CC} stage-retry ${CT} id=click(${m}) attempt=2/3 delayMs=1000`],
      ["D", "TaskUiScopeDefault", `[TaskUiScope] click(${m}) attempt 2 failed: ${reason}; retrying in 1000ms`],
      ["D", "TaskUiScopeDefault", `[TaskUiScope] Clicking node matching: ${m}`],
      ["E", "LoggingTaskStatusSink", `${CC} stage-failure ${CT} id=click(${m}) reason=${reason}`],
      ["E", "LoggingTaskStatusSink", `java.lang.IllegalStateException: ${reason}`],
      ["E", "LoggingTaskStatusSink", STACK],
      [
        "D",
        "LoggingTaskStatusSink",
        `${CC} stage-log ${CT} message=StageFailure context: matcher=${m}, failure_point=not_found, attempt=3`,
      ],
      ["E", "TaskRunnerManagerDefault", `[TaskRunnerManager] Task failed after 1500ms: ${failed}`],
      ["E", "AgentCommandExecutorDefault$execute", `${CC} failure ${CT} reason=${failed}`],
      ["E", "AgentCommandExecutorDefault$execute", `java.lang.IllegalStateException: ${failed}`],
      ["E", "AgentCommandExecutorDefault$execute", STACK],
      [
        "I",
        "AgentCommandExecutorDefault$execute",
        `[Clawperator-Result] ` +
          `{"commandId":"cmd-1","taskId":"task-1","status":"failed","stepResults":[],"error":` +
          `${JSON.stringify(failed)}}`,
      ],
      ["E", "OperatorCommandReceiver$onReceive", `[Operator-Receiver] Agent command failed ${CT}: ${failed}`],
    ]);
  });

  it("read_text VALIDATOR_MISMATCH is a non-fatal step logged as step_success with its error, and the command goes on", async () => {
    const log = await logOf(device(), [
      {
        id: "t",
        type: "read_text",
        params: { matcher: { resourceId: "app:id/temp" }, validator: "temperature", retry: { maxAttempts: 1 } },
      },
      { id: "p", type: "doctor_ping" },
    ]);
    expect(log.filter((l) => String(l[2]).includes("step_success")).map((l) => l[2])).toEqual([
      "[UiActionEngine] step_success id=t type=ReadText data={raw_text=--°C, validator=temperature, " +
        "error=VALIDATOR_MISMATCH, message=Validation failed for text '--°C' from matching UI node}",
      "[UiActionEngine] step_success id=p type=DoctorPing data={developer_options_enabled=true, " +
        "usb_debugging_enabled=false}",
    ]);
    expect(log.at(-2)![2]).toMatch(
      /^\[Clawperator-Result\] \{"commandId":"cmd-1","taskId":"task-1","status":"success",/,
    );
  });

  it("read_text of an empty node throws: the whole command fails", async () => {
    const log = await logOf(device(), [
      { id: "t", type: "read_text", params: { matcher: { resourceId: "app:id/blank" }, retry: { maxAttempts: 1 } } },
    ]);
    expect(log.at(-2)).toEqual([
      "I",
      "AgentCommandExecutorDefault$execute",
      "[Clawperator-Result] " +
        '{"commandId":"cmd-1","taskId":"task-1","status":"failed","stepResults":[],"error":"Task execution ' +
        'failed: Matching UI node has no text content"}',
    ]);
  });

  it("the timeout: the executor's failure line and an envelope without steps or errorCode", async () => {
    const log = await logOf(device(), [{ id: "z", type: "sleep", params: { durationMs: 5_000 } }], {
      timeoutMs: 1_000,
    });
    expect(log.slice(-5)).toEqual([
      ["E", "AgentCommandExecutorDefault$execute", `${CC} failure ${CT} reason=Agent command timed out after 1000ms`],
      [
        "E",
        "AgentCommandExecutorDefault$execute",
        "java.lang.IllegalStateException: Agent command timed out after 1000ms",
      ],
      ["E", "AgentCommandExecutorDefault$execute", STACK],
      [
        "I",
        "AgentCommandExecutorDefault$execute",
        "[Clawperator-Result] " +
          '{"commandId":"cmd-1","taskId":"task-1","status":"failed","stepResults":[],"error":"Agent command ' +
          'timed out after 1000ms"}',
      ],
      [
        "E",
        "OperatorCommandReceiver$onReceive",
        `[Operator-Receiver] Agent command failed ${CT}: Agent command timed out after 1000ms`,
      ],
    ]);
  });

  it("the accessibility service off: the receiver's line and the one envelope with an errorCode", async () => {
    const d = createDevice(home, { accessibilityEnabled: () => false });
    expect(await logOf(d, [{ id: "s", type: "snapshot_ui" }])).toEqual([
      ["E", "OperatorCommandReceiver", `[Operator-Receiver] Accessibility service is not available ${CT}`],
      [
        "I",
        "AgentCommandExecutorDefault$execute",
        "[Clawperator-Result] " +
          '{"commandId":"cmd-1","taskId":"task-1","status":"failed","stepResults":[],"error":"Accessibility ' +
          'service is not available","errorCode":"SERVICE_UNAVAILABLE"}',
      ],
    ]);
  });

  it("a payload the APK cannot parse: the receiver's error with the exception, and no envelope", async () => {
    expect(await logOf(device(), [{ id: " ", type: "snapshot_ui" }])).toEqual([
      ["E", "OperatorCommandReceiver", "[Operator-Receiver] Failed to parse agent command payload"],
      ["E", "OperatorCommandReceiver", "java.lang.IllegalArgumentException: id must not be blank"],
      ["E", "OperatorCommandReceiver", STACK],
    ]);
  });

  it("a command that arrives while another runs is logged as queued", async () => {
    const d = device();
    d.operator.handleCommand(payload([{ type: "sleep", params: { durationMs: 10 } }], { commandId: "first" }));
    d.operator.handleCommand(payload([{ type: "doctor_ping" }]));
    await d.operator.idle();
    expect(d.log.records.filter((r) => r.message.includes(" queued ")).map((r) => [r.priority, r.message])).toEqual([
      ["I", `${CC} queued ${CT} waiting_for_active_command=true`],
    ]);
  });

  it("a result line of 4,000+ UTF-16 units is split like any message (a host must rejoin it)", async () => {
    const d = createDevice(screen(node({ "resource-id": "app:id/long", text: "x".repeat(4_100) })));
    const log = await logOf(d, [{ id: "r", type: "read_text", params: { matcher: { resourceId: "app:id/long" } } }]);
    const start = log.findIndex((l) => String(l[2]).startsWith("[Clawperator-Result] "));
    expect(String(log[start]![2]).length).toBe(4_000);
    expect(
      JSON.parse(String(log[start]![2]).slice("[Clawperator-Result] ".length) + String(log[start + 1]![2])),
    ).toMatchObject({
      status: "success",
      stepResults: [{ data: { text: "x".repeat(4_100) } }],
    });
  });
});
