import { describe, expect, it } from "vitest";
import type { ResultEnvelope } from "../../../core/contracts/envelope.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import type { AfterResultContext } from "../../../core/execution/hooks.ts";
import closeApp from "../../../plugins/operator/hooks/close-app.ts";

const execution = {
  commandId: "c",
  taskId: "t",
  source: "test",
  expectedFormat: "android-ui-automator",
  timeoutMs: 5_000,
  actions: [
    { id: "a", type: "close_app", params: { applicationId: "com.a" } },
    { id: "b", type: "close_app", params: { applicationId: "com.b" } },
  ],
} as Execution;

/** The APK's answer to every close_app: UNSUPPORTED_RUNTIME_CLOSE. */
const answered = (): ResultEnvelope => ({
  commandId: "c",
  taskId: "t",
  status: "success",
  error: null,
  stepResults: ["a", "b"].map((id) => ({
    id,
    actionType: "close_app",
    success: false,
    data: { error: "UNSUPPORTED_RUNTIME_CLOSE", message: "Android runtime cannot reliably close apps." },
  })),
});

function finish(preDispatch: AfterResultContext["preDispatch"]): ResultEnvelope {
  const ctx = { execution, envelope: answered(), preDispatch } as unknown as AfterResultContext;
  void closeApp.afterResult!(ctx);
  return ctx.envelope;
}

describe("close_app: the host finishes the APK's step from its force-stop", () => {
  it("queues one force-stop per close_app before the broadcast", () => {
    const preDispatch: string[] = [];
    void closeApp.beforeDispatch!({ execution, preDispatch } as never);
    expect(preDispatch).toEqual(["'am' 'force-stop' 'com.a'", "'am' 'force-stop' 'com.b'"]);
  });

  it("a force-stop that succeeded: success with application_id; one that failed: its exit code and output", () => {
    const envelope = finish([
      { command: "'am' 'force-stop' 'com.a'", exitCode: 0, output: "" },
      { command: "'am' 'force-stop' 'com.b'", exitCode: 255, output: "Exception: permission denied" },
    ]);
    expect(envelope.stepResults).toEqual([
      { id: "a", actionType: "close_app", success: true, data: { application_id: "com.a" } },
      {
        id: "b",
        actionType: "close_app",
        success: false,
        data: {
          application_id: "com.b",
          error: "ACTION_FAILED",
          message: "am force-stop com.b exited with 255: Exception: permission denied",
        },
      },
    ]);
  });

  it("a force-stop that never reported (the script was cut short) leaves the device's answer", () => {
    expect(finish([]).stepResults).toEqual(answered().stepResults);
  });
});
