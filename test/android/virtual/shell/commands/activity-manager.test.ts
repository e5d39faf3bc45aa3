import { describe, expect, it } from "vitest";
import {
  dispatchScript,
  parseDispatchOutput,
  DEFAULT_OPERATOR_ACTION,
} from "../../../../../android/operator/dispatch-script.ts";
import type { Execution } from "../../../../../core/contracts/execution.ts";
import { ShellHarness } from "../shell-harness.ts";

const OPERATOR = "com.clawperator.operator.dev";

/** A receiver on the device that records every delivery. */
function listen(sh: ShellHarness, packageName = OPERATOR, action = DEFAULT_OPERATOR_ACTION) {
  const received: Array<Record<string, string>> = [];
  sh.state.receivers.register({ packageName, action, onReceive: (extras) => received.push(extras) });
  return received;
}

const HOSTILE =
  `{"commandId":"c1","text":"it's \\"quoted\\" $(reboot) \`id\` ; && || > /sdcard/x < | & \\\\ \\u0000 😀 中文 ` +
  `$HOME \${PATH} %s"}`;

describe("am broadcast", () => {
  it("delivers the extras byte-identical and prints what am prints", async () => {
    const sh = new ShellHarness();
    const received = listen(sh);
    const quoted = `'${HOSTILE.replaceAll("'", `'"'"'`)}'`;
    const result = await sh.run(
      `am broadcast -a '${DEFAULT_OPERATOR_ACTION}' -p '${OPERATOR}' --es 'payload' ${quoted} --ez flag true ` +
        `--ei n 5 --receiver-foreground`,
    );
    expect(result).toEqual(
      expect.objectContaining({
        code: 0,
        stdout:
          `Broadcasting: Intent { act=${DEFAULT_OPERATOR_ACTION} flg=0x10000000 pkg=${OPERATOR} (has extras) }\n` +
          `Broadcast completed: result=0\n`,
        stderr: "",
      }),
    );
    expect(received).toHaveLength(1);
    expect(Buffer.from(received[0]!.payload!)).toEqual(Buffer.from(HOSTILE));
    expect(received[0]).toMatchObject({ flag: "true", n: "5" });
  });

  it("delivers only to receivers of that action and package", async () => {
    const sh = new ShellHarness();
    const operator = listen(sh);
    const other = listen(sh, "com.example.notes");
    const otherAction = listen(sh, OPERATOR, "some.other.ACTION");
    await sh.run(`am broadcast -a ${DEFAULT_OPERATOR_ACTION} -p ${OPERATOR} --es payload x`);
    expect([operator.length, other.length, otherAction.length]).toEqual([1, 0, 0]);
    await sh.run(`am broadcast -a ${DEFAULT_OPERATOR_ACTION} --es payload y`);
    expect([operator.length, other.length, otherAction.length]).toEqual([2, 1, 0]);
  });

  it("fails with 'Target package not found' for a package that is not installed", async () => {
    const sh = new ShellHarness();
    const received = listen(sh, "com.missing.operator");
    const result = await sh.run(`am broadcast -a ${DEFAULT_OPERATOR_ACTION} -p com.missing.operator --es payload x`);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe(
      "Exception occurred while executing 'broadcast':\n" +
        "java.lang.IllegalArgumentException: Target package not found: com.missing.operator\n",
    );
    expect(received).toHaveLength(0);
  });

  it("runs Clawperator's whole dispatch script and delivers the execution unchanged", async () => {
    const sh = new ShellHarness();
    const received = listen(sh);
    const execution = {
      commandId: "c-1",
      taskId: "t-1",
      source: "test",
      expectedFormat: "android-ui-automator",
      timeoutMs: 30_000,
      actions: [{ id: "a1", type: "enter_text", params: { text: HOSTILE } }],
    } as unknown as Execution;
    sh.state.processes.pidOf("com.example.notes");
    const script = dispatchScript({
      execution,
      receiverPackage: OPERATOR,
      // The second fails (no package): its exit code and its stderr come back; the dispatch goes on.
      preDispatch: ["'am' 'force-stop' 'com.example.notes'", "'am' 'force-stop'"],
      nonce: "n1",
    });
    const result = await sh.run(script);
    expect(result.code).toBe(0);
    expect(
      parseDispatchOutput(result.stdout, "n1", ["'am' 'force-stop' 'com.example.notes'", "'am' 'force-stop'"]),
    ).toEqual({
      deviceTime: "11-22 21:47:31.250",
      markerLogged: true,
      receiverInstalled: true,
      broadcastCompleted: true,
      preDispatch: [
        { command: "'am' 'force-stop' 'com.example.notes'", exitCode: 0, output: "" },
        { command: "'am' 'force-stop'", exitCode: 255, output: "Error: no package specified" },
      ],
    });
    expect(sh.state.log.entries().map((e) => e.message)).toContain("[Clawperator-Dispatch] n1 commandId=c-1");
    expect(received.map((extras) => extras.payload)).toEqual([JSON.stringify(execution)]);
    expect(sh.ui.calls).toContain("forceStop:com.example.notes");
  });

  it("the dispatch script skips the broadcast when the operator is missing", async () => {
    const sh = new ShellHarness();
    const execution = {
      commandId: "c",
      taskId: "t",
      source: "s",
      expectedFormat: "android-ui-automator",
      timeoutMs: 1000,
      actions: [],
    } as unknown as Execution;
    const result = await sh.run(
      dispatchScript({ execution, receiverPackage: "com.not.here", preDispatch: [], nonce: "n2" }),
    );
    expect(result.code).toBe(1);
    expect(parseDispatchOutput(result.stdout)).toMatchObject({ receiverInstalled: false, broadcastCompleted: false });
  });
});

describe("am force-stop", () => {
  it("stops the app's process and logs as ActivityManager does", async () => {
    const sh = new ShellHarness();
    sh.state.processes.pidOf("com.example.notes");
    const uid = sh.state.packages.get("com.example.notes")!.uid;
    expect(await sh.run("am force-stop com.example.notes")).toEqual(
      expect.objectContaining({ code: 0, stdout: "", stderr: "" }),
    );
    expect(sh.state.processes.running("com.example.notes")).toBeUndefined();
    expect(sh.ui.calls).toEqual(["forceStop:com.example.notes"]);
    const line = sh.state.log.entries().find((e) => e.tag === "ActivityManager");
    expect(line?.message).toMatch(
      new RegExp(`^Force stopping com\\.example\\.notes appid=${uid} user=0: from pid \\d+$`),
    );
  });

  it("does nothing for a package that is not installed", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("am force-stop com.none")).toMatchObject({ code: 0, stdout: "" });
    expect(sh.ui.calls).toEqual([]);
  });
});

describe("am start", () => {
  it("opens an app by component", async () => {
    const sh = new ShellHarness();
    sh.ui.installed.add("com.example.notes");
    expect(await sh.run("am start -n com.example.notes/.MainActivity")).toEqual(
      expect.objectContaining({
        code: 0,
        stdout: "Starting: Intent { cmp=com.example.notes/.MainActivity }\n",
        stderr: "",
      }),
    );
    expect(sh.ui.calls).toEqual(["openApp:com.example.notes"]);
  });

  it("reports a component of a missing app as am does", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("am start -n com.none/.Main")).toEqual(
      expect.objectContaining({
        code: 1,
        stderr: "Error type 3\nError: Activity class {com.none/com.none.Main} does not exist.\n",
      }),
    );
  });

  it("opens a URI with a VIEW intent, or says it cannot resolve it", async () => {
    const sh = new ShellHarness();
    sh.ui.uriSchemes.add("https");
    expect(await sh.run("am start -a android.intent.action.VIEW -d https://example.com/x")).toEqual(
      expect.objectContaining({
        code: 0,
        stdout: "Starting: Intent { act=android.intent.action.VIEW dat=https://example.com/x }\n",
      }),
    );
    expect(sh.ui.calls).toEqual(["openUri:https://example.com/x"]);
    expect(await sh.run("am start -a android.intent.action.VIEW -d weird:thing")).toEqual(
      expect.objectContaining({
        code: 1,
        stderr:
          "Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW " +
          "dat=weird:thing flg=0x10000000 }\n",
      }),
    );
  });
});

describe("monkey", () => {
  it("launches the package and reports one injected event", async () => {
    const sh = new ShellHarness();
    sh.ui.installed.add("com.example.notes");
    const result = await sh.run("monkey -p com.example.notes -c android.intent.category.LAUNCHER 1");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^ {2}bash arg: -p\n {2}bash arg: com\.example\.notes\n(.*\n){3}Events injected: 1\n/,
    );
    expect(sh.ui.calls).toEqual(["openApp:com.example.notes"]);
  });

  it("aborts with exit 252 when the app is missing", async () => {
    const result = await new ShellHarness().run("monkey -p com.none 1");
    expect(result).toMatchObject({ code: 252, stderr: "** No activities found to run, monkey aborted.\n" });
  });
});

describe("dumpsys window / activity", () => {
  it("names the foreground package in mCurrentFocus and mResumedActivity", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("dumpsys window")).stdout).toMatch(
      /\n {2}mCurrentFocus=Window\{[0-9a-f]+ u0 com\.example\/\.MainActivity\}\n/,
    );
    expect((await sh.run("dumpsys activity activities")).stdout).toMatch(
      /\n {2}mResumedActivity: ActivityRecord\{[0-9a-f]+ u0 com\.example\/\.MainActivity t\d+\}\n/,
    );
  });
});
