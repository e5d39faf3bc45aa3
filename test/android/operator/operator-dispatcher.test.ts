import { describe, expect, it } from "vitest";
import { createOperatorDispatcher } from "../../../android/operator/operator-dispatcher.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import type { LineStream, ShellResult, Transport } from "../../../core/services/transport.ts";
import { caught } from "../../helpers/caught.ts";

const execution: Execution = {
  commandId: "cmd-1", taskId: "t", source: "test", expectedFormat: "android-ui-automator", timeoutMs: 1000,
  actions: [{ id: "s", type: "snapshot_ui" }],
};
const request = { execution, deviceId: "emulator-5554", receiverPackage: "com.clawperator.operator", preDispatch: [] };

/** A device whose dispatch shell answers `shell` and whose log holds `lines`. */
function device(shell: ShellResult, lines: string[] = []): Transport {
  const stream = (): LineStream => ({
    ready: Promise.resolve(),
    close: async () => undefined,
    async *[Symbol.asyncIterator]() {
      yield* lines;
    },
  });
  return {
    name: "fake",
    listDevices: async () => [],
    shell: async () => shell,
    execOut: async () => Buffer.alloc(0),
    logcat: stream,
    install: async () => ({ stdout: "", stderr: "", exitCode: 0 }),
  };
}

const dispatched = "11-22 18:00:01.000\npackage:/data/app/x/base.apk\nBroadcasting: Intent { act=a flg=0x10000000 pkg=com.clawperator.operator }\n";

describe("the operator dispatcher", () => {
  it("BROADCAST_FAILED when am broadcast fails, with what it said as the dispatch status", async () => {
    const denial = "Security exception: Permission Denial: not allowed to send broadcast app.clawperator.operator.ACTION_AGENT_COMMAND";
    const dispatcher = createOperatorDispatcher({ transport: device({ stdout: dispatched, stderr: `${denial}\n`, exitCode: 255 }), graceMs: 0 });
    const error = await caught(() => dispatcher.dispatch(request));
    expect(error.code).toBe("BROADCAST_FAILED");
    expect(error.message).toContain(denial);
    expect(error.toJSON()).toMatchObject({ deviceId: "emulator-5554", receiverPackage: "com.clawperator.operator", broadcastDispatchStatus: `failed: ${denial}` });
  });

  it("BROADCAST_FAILED when am exits 0 but never reports the broadcast completed", async () => {
    const dispatcher = createOperatorDispatcher({ transport: device({ stdout: dispatched, stderr: "", exitCode: 0 }), graceMs: 0 });
    expect((await caught(() => dispatcher.dispatch(request))).code).toBe("BROADCAST_FAILED");
  });

  it("RECEIVER_NOT_INSTALLED, not sent, when pm path finds no operator", async () => {
    const dispatcher = createOperatorDispatcher({ transport: device({ stdout: "11-22 18:00:01.000\n", stderr: "", exitCode: 1 }), graceMs: 0 });
    const error = await caught(() => dispatcher.dispatch(request));
    expect(error.code).toBe("RECEIVER_NOT_INSTALLED");
    expect(error.toJSON()).toMatchObject({ broadcastDispatchStatus: "not_sent" });
  });

  it("the envelope read from the log once the broadcast completed", async () => {
    const envelope = { commandId: "cmd-1", taskId: "t", status: "success", stepResults: [], error: null };
    const transport = device(
      { stdout: `${dispatched}Broadcast completed: result=0\n`, stderr: "", exitCode: 0 },
      [`11-22 18:00:01.100 I/Op(  42): [Clawperator-Result] ${JSON.stringify(envelope)}`],
    );
    const outcome = await createOperatorDispatcher({ transport, graceMs: 0 }).dispatch(request);
    expect(outcome.envelope).toEqual(envelope);
  });
});
