import { describe, expect, it } from "vitest";
import { dispatchScript } from "../../../../android/operator/dispatch-script.ts";
import type { Execution } from "../../../../core/contracts/execution.ts";
import { ShellHarness } from "./shell-harness.ts";

describe("shell cost per action", () => {
  it("runs Clawperator's dispatch script and streams log lines in well under 2 ms each", async () => {
    const sh = new ShellHarness();
    sh.state.receivers.register({ packageName: "com.clawperator.operator.dev", action: "app.clawperator.operator.ACTION_AGENT_COMMAND", onReceive: () => {} });
    const execution = { commandId: "c", taskId: "t", source: "s", expectedFormat: "android-ui-automator", timeoutMs: 1000, actions: [{ id: "a", type: "snapshot_ui" }] } as unknown as Execution;
    const script = dispatchScript({ execution, receiverPackage: "com.clawperator.operator.dev", preDispatch: [], nonce: "n" });
    const controller = new AbortController();
    let lines = 0;
    const streaming = sh.shell.run("logcat -v time -T 1", { stdin: process.stdin, stdout: () => lines++, stderr: () => {}, signal: controller.signal });
    const runs = 200;
    const started = performance.now();
    for (let i = 0; i < runs; i++) {
      await sh.run(script);
      for (let k = 0; k < 10; k++) sh.state.log.write("D", "Operator", `line ${k}`, 3021);
    }
    const perRun = (performance.now() - started) / runs;
    controller.abort();
    await streaming;
    // Every Operator line and each dispatch's marker, plus ActivityManager's "Start proc" when the first broadcast
    // starts the operator.
    expect(lines).toBe(runs * 11 + 1);
    expect(perRun).toBeLessThan(2);
  });
});
