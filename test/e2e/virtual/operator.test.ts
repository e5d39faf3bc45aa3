import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apkHierarchyXml } from "../../../android/virtual/operator/apk-hierarchy-xml.ts";
import { accessibilityComponent, encodeVirtualApk } from "../../../android/virtual/device/index.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { RESULT_PREFIX } from "../../../core/contracts/envelope.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { linesOf, snapshotRecords, snapshotXml, TIME_LINE } from "./logcat.ts";
import { AGENT_ACTION, OPERATOR_PACKAGE, runExecution, sq } from "./operator-commands.ts";

const session = virtualSession();
const makeDir = tempDirs("clawperator-e2e-operator-");
let device: RunningVirtualDevice;

const adbShell = (line: string) => session.harness.adb(["-s", device.serial, "shell", line]);

beforeAll(async () => {
  device = await session.startDevice();
});

describe("broadcast delivery", () => {
  it("extras with quotes, $(), backticks, newlines and emoji arrive byte-identical", async () => {
    const received: Array<Record<string, string>> = [];
    const unregister = device.device.state.receivers.register({
      packageName: "com.clawperator.demo",
      action: "com.example.E2E_ECHO",
      onReceive: (extras) => received.push(extras),
    });
    const payload = `{"say":"it's \\"quoted\\""} $(reboot) \`id\` ; && || > /dev/null\nsecond line\ttab 😀 ünï 恒生 \\ end`;
    const other = "'single'";
    try {
      const result = await adbShell(
        `am broadcast -a com.example.E2E_ECHO -p com.clawperator.demo --es payload ${sq(payload)} --es other ` +
          `${sq(other)}`,
      );
      expect(result.exitCode).toBe(0);
      expect(String(result.stdout)).toMatch(/Broadcast completed: result=0$/);
    } finally {
      unregister();
    }
    expect(received).toEqual([{ payload, other }]);
  });

  it("a payload at the host's 64,000-byte limit arrives whole in one adb shell command", async () => {
    const received: string[] = [];
    const unregister = device.device.state.receivers.register({
      packageName: "com.clawperator.demo",
      action: "com.example.E2E_LARGE",
      onReceive: (extras) => received.push(extras.payload ?? ""),
    });
    // adb itself refuses service strings over 65,535 bytes, so the quoted command must stay under that: multi-byte
    // characters fill the payload, and only a few `'` (4 bytes longer each once quoted) are spent.
    const head = `{"quote":"it's"}`;
    const unit = `{"k":"vé😀"}`;
    const payload = head + unit.repeat(Math.floor((64_000 - Buffer.byteLength(head)) / Buffer.byteLength(unit)));
    try {
      const result = await adbShell(
        `am broadcast -a com.example.E2E_LARGE -p com.clawperator.demo --es payload ${sq(payload)}`,
      );
      expect(result.exitCode).toBe(0);
    } finally {
      unregister();
    }
    expect(Buffer.byteLength(payload)).toBeGreaterThan(63_990);
    expect(received).toHaveLength(1);
    expect(received[0] === payload).toBe(true);
  });
});

describe("executions", () => {
  it("a snapshot logs the APK's lines, the marker without a commandId, the XML one line per record, and one result line", async () => {
    const run = await runExecution(session.harness, device, [{ id: "snap", type: "snapshot_ui" }]);
    expect(run.broadcast.exitCode).toBe(0);
    expect(linesOf(run.broadcast.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Broadcasting: Intent \\{ act=${AGENT_ACTION.replaceAll(".", "\\.")} .*pkg=` +
            `${OPERATOR_PACKAGE.replaceAll(".", "\\.")}`,
        ),
      ),
      "Broadcast completed: result=0",
    ]);

    // Every record of the dump parsed as `-v time` (parseTimeFormat throws on any other line).
    const ours = run.records.filter((r) => r.message.includes(`commandId=${run.commandId} `));
    expect(ours.map((r) => [r.priority, r.tag, r.message])).toEqual([
      [
        "I",
        "AgentCommandExecutorDefault$execute",
        `[Clawperator-Command] start commandId=${run.commandId} taskId=e2e-virtual source=clawperator-e2e ` +
          `timeoutMs=10000 actionCount=1`,
      ],
      ["D", "LoggingTaskStatusSink", expect.stringMatching(/ stage-start .* id=logUiTree label=Logging UI tree$/)],
      [
        "D",
        "LoggingTaskStatusSink",
        expect.stringMatching(/ stage-success .* id=logUiTree data=\{stage_id=logUiTree, node_count=\d+/),
      ],
      ["I", "AgentCommandExecutorDefault$execute", expect.stringMatching(/ success .* stepCount=1$/)],
      [
        "D",
        "OperatorCommandReceiver$onReceive",
        expect.stringMatching(/^\[Operator-Receiver\] Agent command completed successfully /),
      ],
    ]);

    const { start, block } = snapshotRecords(run.records, run.commandId);
    expect(block[0]).toMatchObject({ priority: "D", message: "[TaskScope] UI Hierarchy:" });
    const xmlLines = block.slice(1).map((r) => r.message);
    expect(xmlLines[0]).toBe("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>");
    expect(xmlLines[1]).toMatch(/^<hierarchy rotation="\d">$/);
    expect(xmlLines.at(-1)).toBe("</hierarchy>");
    for (const line of xmlLines.slice(2, -1)) expect(line).toMatch(/^\s*<(node\b.*\/?|\/node)>$/);
    expect(block.every((r) => r.priority === "D" && r.pid === block[0]!.pid)).toBe(true);

    const xml = snapshotXml(run.records, run.commandId);
    expect(xml).toBe(apkHierarchyXml(device.device.ui.snapshot()));

    const resultIndex = run.records.findIndex(
      (r) => r.message.startsWith(RESULT_PREFIX) && r.message.includes(`"commandId":"${run.commandId}"`),
    );
    expect(resultIndex).toBeGreaterThan(start + block.length - 1);
    const result = run.records[resultIndex]!;
    expect(result.priority).toBe("I");
    expect(JSON.parse(result.message.slice(RESULT_PREFIX.length))).toEqual({
      commandId: run.commandId,
      taskId: "e2e-virtual",
      status: "success",
      stepResults: [
        {
          id: "snap",
          actionType: "snapshot_ui",
          success: true,
          data: {
            actual_format: "hierarchy_xml",
            foreground_package: expect.any(String),
            has_overlay: "false",
            window_count: expect.stringMatching(/^\d+$/),
          },
        },
      ],
      error: null,
    });
    expect(
      run.records.filter((r) => r.message.startsWith(RESULT_PREFIX) && r.message.includes(run.commandId)),
    ).toHaveLength(1);
  });

  it("every line of `adb logcat -d -v time` after executions has the time shape", async () => {
    const dump = String((await session.harness.adb(["-s", device.serial, "logcat", "-d", "-v", "time"])).stdout);
    const lines = linesOf(dump).filter((line) => !line.startsWith("--------- beginning of "));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).toMatch(TIME_LINE);
  });

  it("answers SERVICE_UNAVAILABLE at once while accessibility is off, and runs again once it is back on", async () => {
    expect((await adbShell("settings put secure accessibility_enabled 0")).exitCode).toBe(0);
    try {
      const refused = await runExecution(session.harness, device, [{ id: "snap", type: "snapshot_ui" }]);
      expect(refused.envelope).toEqual({
        commandId: refused.commandId,
        taskId: "e2e-virtual",
        status: "failed",
        stepResults: [],
        error: expect.any(String),
        errorCode: "SERVICE_UNAVAILABLE",
      });
      expect(() => snapshotRecords(refused.records, refused.commandId)).toThrow(/no start line/);
    } finally {
      await adbShell("settings put secure accessibility_enabled 1");
    }
    const again = await runExecution(session.harness, device, [{ id: "snap", type: "snapshot_ui" }]);
    expect(again.envelope.status).toBe("success");
  });

  it("a payload that is not JSON is refused by the receiver without a result line", async () => {
    const result = await adbShell(
      `am broadcast -a ${AGENT_ACTION} -p ${OPERATOR_PACKAGE} --es payload ${sq("{not json")}`,
    );
    expect(result.exitCode).toBe(0);
    await device.device.idle();
    const dump = String((await session.harness.adb(["-s", device.serial, "logcat", "-d", "-v", "time"])).stdout);
    expect(dump).toMatch(
      /^.* E\/OperatorCommandReceiver\(\s*\d+\): \[Operator-Receiver\] Failed to parse agent command payload$/m,
    );
    expect(dump).toMatch(
      /^.* E\/OperatorCommandReceiver\(\s*\d+\): java\.lang\.IllegalArgumentException: Unexpected JSON token/m,
    );
    expect(dump).not.toContain("{not json");
  });
});

describe("setting up the operator on a fresh device", () => {
  it("adb install of a virtual Operator APK, then the accessibility settings, make executions run", async () => {
    const fresh = await session.startDevice({ scenario: "fresh" });
    const shell = (line: string) => session.harness.adb(["-s", fresh.serial, "shell", line]);
    expect(String((await shell(`pm list packages ${OPERATOR_PACKAGE}`)).stdout)).toBe("");

    const apk = join(await makeDir(), "operator.apk");
    await writeFile(
      apk,
      encodeVirtualApk({
        package: OPERATOR_PACKAGE,
        label: "Clawperator Operator",
        versionName: "0.2.0",
        versionCode: 2,
        operator: true,
      }),
    );
    expect((await session.harness.adb(["-s", fresh.serial, "install", "-r", apk])).exitCode).toBe(0);
    expect(String((await shell(`pm list packages ${OPERATOR_PACKAGE}`)).stdout)).toBe(`package:${OPERATOR_PACKAGE}`);

    // Installed but its accessibility service is off: the operator answers, but refuses.
    const refused = await runExecution(session.harness, fresh, [{ id: "snap", type: "snapshot_ui" }]);
    expect(refused.envelope).toMatchObject({ status: "failed", errorCode: "SERVICE_UNAVAILABLE" });

    await shell("settings put secure accessibility_enabled 1");
    await shell(`settings put secure enabled_accessibility_services ${sq(accessibilityComponent(OPERATOR_PACKAGE))}`);
    const run = await runExecution(session.harness, fresh, [{ id: "snap", type: "snapshot_ui" }]);
    expect(run.envelope).toMatchObject({ status: "success", stepResults: [{ id: "snap", success: true }] });
    expect(snapshotXml(run.records, run.commandId)).toBe(apkHierarchyXml(fresh.device.ui.snapshot()));
  });
});
