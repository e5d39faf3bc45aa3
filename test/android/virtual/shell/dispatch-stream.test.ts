import { describe, expect, it } from "vitest";
import { dispatchScript } from "../../../../android/operator/dispatch-script.ts";
import type { Execution } from "../../../../core/contracts/execution.ts";
import { ShellHarness } from "./shell-harness.ts";

// What a dispatch and its streamed lines cost is a target in bench/in-process.mjs (bench/RESULTS.md), not an assertion.
describe("dispatches beside an open logcat stream", () => {
  it("runs Clawperator's dispatch script again and again; the stream gets every log line written meanwhile", async () => {
    const sh = new ShellHarness();
    const received: string[] = [];
    sh.state.receivers.register({
      packageName: "com.clawperator.operator.dev",
      action: "app.clawperator.operator.ACTION_AGENT_COMMAND",
      onReceive: (extras) => received.push(extras.payload ?? ""),
    });
    const execution = {
      commandId: "c",
      taskId: "t",
      source: "s",
      expectedFormat: "android-ui-automator",
      timeoutMs: 1000,
      actions: [{ id: "a", type: "snapshot_ui" }],
    } as unknown as Execution;
    const script = dispatchScript({
      execution,
      receiverPackage: "com.clawperator.operator.dev",
      preDispatch: [],
      nonce: "n",
    });
    const controller = new AbortController();
    let lines = 0;
    const streaming = sh.shell.run("logcat -v time -T 1", {
      stdin: process.stdin,
      stdout: () => lines++,
      stderr: () => {},
      signal: controller.signal,
    });
    const runs = 20;
    for (let i = 0; i < runs; i++) {
      const result = await sh.run(script);
      expect(result.code).toBe(0);
      for (let k = 0; k < 10; k++) sh.state.log.write("D", "Operator", `line ${k}`, 3021);
    }
    controller.abort();
    await streaming;
    expect(received).toHaveLength(runs);
    expect(received.every((payload) => JSON.parse(payload).commandId === "c")).toBe(true);
    // Every Operator line and each dispatch's marker, plus ActivityManager's "Start proc" when the first broadcast
    // starts the operator.
    expect(lines).toBe(runs * 11 + 1);
  });
});
