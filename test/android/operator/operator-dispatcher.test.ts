import { describe, expect, it } from "vitest";
import { createOperatorDispatcher } from "../../../android/operator/operator-dispatcher.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import type { LineStream, ShellResult, Transport } from "../../../core/services/transport.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { ApkLog, matcher, snapshotXml } from "../../helpers/apk-log.ts";
import { caught } from "../../helpers/caught.ts";

const execution: Execution = {
  commandId: "cmd-1",
  taskId: "t",
  source: "test",
  expectedFormat: "android-ui-automator",
  timeoutMs: 1000,
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

const dispatched =
  "11-22 18:00:01.000\npackage:/data/app/x/base.apk\n" +
  "Broadcasting: Intent { act=a flg=0x10000000 pkg=com.clawperator.operator }\n";

describe("the operator dispatcher", () => {
  it("BROADCAST_FAILED when am broadcast fails, with what it said as the dispatch status", async () => {
    const denial =
      "Security exception: Permission Denial: not allowed to send broadcast " +
      "app.clawperator.operator.ACTION_AGENT_COMMAND";
    const dispatcher = createOperatorDispatcher({
      transport: device({ stdout: dispatched, stderr: `${denial}\n`, exitCode: 255 }),
      graceMs: 0,
    });
    const error = await caught(() => dispatcher.dispatch(request));
    expect(error.code).toBe("BROADCAST_FAILED");
    expect(error.message).toContain(denial);
    expect(error.toJSON()).toMatchObject({
      deviceId: "emulator-5554",
      receiverPackage: "com.clawperator.operator",
      broadcastDispatchStatus: `failed: ${denial}`,
    });
  });

  it("BROADCAST_FAILED when am exits 0 but never reports the broadcast completed", async () => {
    const dispatcher = createOperatorDispatcher({
      transport: device({ stdout: dispatched, stderr: "", exitCode: 0 }),
      graceMs: 0,
    });
    expect((await caught(() => dispatcher.dispatch(request))).code).toBe("BROADCAST_FAILED");
  });

  it("RECEIVER_NOT_INSTALLED, not sent, when pm path finds no operator", async () => {
    const dispatcher = createOperatorDispatcher({
      transport: device({ stdout: "11-22 18:00:01.000\n", stderr: "", exitCode: 1 }),
      graceMs: 0,
    });
    const error = await caught(() => dispatcher.dispatch(request));
    expect(error.code).toBe("RECEIVER_NOT_INSTALLED");
    expect(error.toJSON()).toMatchObject({ broadcastDispatchStatus: "not_sent" });
  });

  it("the envelope read from the log once the broadcast completed", async () => {
    const envelope = { commandId: "cmd-1", taskId: "t", status: "success", stepResults: [], error: null };
    const transport = device(
      {
        stdout: `${dispatched}Broadcast completed: result=0\nclawperator-dispatch-marker-failed\n`,
        stderr: "",
        exitCode: 0,
      },
      [
        "11-22 18:00:01.050 I/Op(  42): [Clawperator-Command] start commandId=cmd-1 taskId=t source=test " +
          "timeoutMs=1000 actionCount=1",
        `11-22 18:00:01.100 I/Op(  42): [Clawperator-Result] ${JSON.stringify(envelope)}`,
      ],
    );
    const outcome = await createOperatorDispatcher({ transport, graceMs: 0 }).dispatch(request);
    expect(outcome.envelope).toEqual(envelope);
  });
});

/**
 * A device whose log is written by each dispatch (the marker with the dispatch's nonce, then `after(nonce)`) and
 * whose log streams are opened through `open`: each call returns the lines of one stream, or throws.
 */
function scriptedDevice(after: (log: ApkLog) => void, open: (attempt: number, lines: string[]) => string[] | Error) {
  const log = new ApkLog();
  let opens = 0;
  const transport: Transport = {
    ...device({ stdout: "", stderr: "", exitCode: 0 }),
    shell: async (_serial, script) => {
      const nonce = /\[Clawperator-Dispatch\] (\w+)/.exec(script)![1]!;
      log.dispatch(nonce, "cmd-1");
      after(log);
      return { stdout: `${dispatched}Broadcast completed: result=0\n`, stderr: "", exitCode: 0 };
    },
    logcat: () => {
      const result = open(++opens, log.lines);
      const ready = result instanceof Error ? Promise.reject(result) : Promise.resolve();
      ready.catch(() => undefined);
      return {
        ready,
        close: async () => undefined,
        async *[Symbol.asyncIterator]() {
          if (result instanceof Error) throw result;
          yield* result;
        },
      };
    },
  };
  return { transport, opens: () => opens };
}

describe("the dispatcher's connections", () => {
  it("asks the transport to prepare the result stream's connection while the dispatch runs, unless a shared stream is open", async () => {
    for (const sharedStreams of [false, true]) {
      const calls: string[] = [];
      const { transport } = scriptedDevice(
        (log) => log.start("cmd-1", "t", 1).success("cmd-1", "t", []),
        (_attempt, lines) => lines,
      );
      const shell = transport.shell;
      const traced: Transport = {
        ...transport,
        shell: async (...args) => {
          calls.push("shell");
          const result = await shell(...args);
          calls.push("shell done");
          return result;
        },
        logcat: (...args) => {
          calls.push("logcat");
          return transport.logcat(...args);
        },
        prepare: (serial) => calls.push(`prepare ${serial}`),
      };
      const dispatcher = createOperatorDispatcher({ transport: traced, graceMs: 0, sharedStreams });
      expect((await dispatcher.dispatch(request)).envelope.status).toBe("success");
      expect(calls).toEqual(
        sharedStreams ? ["shell", "shell done", "logcat"] : ["shell", "prepare emulator-5554", "shell done", "logcat"],
      );
      await dispatcher.dispose();
    }
  });
});

describe("the dispatcher when the device's log stream ends", () => {
  const ok = (log: ApkLog) =>
    log
      .start("cmd-1", "t", 1)
      .snapshotStep("cmd-1", "t", "s", snapshotXml("A"))
      .success("cmd-1", "t", [{ id: "s", actionType: "snapshot_ui", success: true, data: {} }]);

  it("fails at once with the device's code when the stream cannot be reopened (the device went away)", async () => {
    const gone = new ClawperatorError("DEVICE_NOT_FOUND", "device 'emulator-5554' not found");
    const { transport, opens } = scriptedDevice(
      (log) => log.start("cmd-1", "t", 1),
      (attempt, lines) => (attempt === 1 ? lines : gone),
    );
    // The execution's own budget is long: failing on the device loss must not wait for it.
    const long = { ...request, execution: { ...execution, timeoutMs: 120_000 } };
    const error = await caught(() => createOperatorDispatcher({ transport }).dispatch(long));
    expect(error.code).toBe("DEVICE_NOT_FOUND");
    expect(opens()).toBe(2);
    expect(error.toJSON()).toMatchObject({
      deviceId: "emulator-5554",
      broadcastDispatchStatus: "sent",
      lastCorrelatedEvents: [
        expect.stringContaining("[Clawperator-Dispatch]"),
        expect.stringContaining("[Clawperator-Command] start"),
      ],
      details: { phase: "awaiting_result", dispatchReachedLog: true, streamOpens: 2 },
    });
  });

  it("reopens the stream from the dispatch time and recovers the envelope the device wrote meanwhile", async () => {
    // The first stream ends half way (the adb server was killed); the second reads the whole log again.
    const { transport, opens } = scriptedDevice(ok, (attempt, lines) => (attempt === 1 ? lines.slice(0, 4) : lines));
    const outcome = await createOperatorDispatcher({ transport }).dispatch(request);
    expect(outcome.envelope.status).toBe("success");
    expect(outcome.snapshots).toEqual([snapshotXml("A")]);
    expect(opens()).toBe(2);
  });

  it("gives up with LOGCAT_UNAVAILABLE when streams keep ending without a line", async () => {
    const { transport, opens } = scriptedDevice(ok, () => []);
    const error = await caught(() =>
      createOperatorDispatcher({ transport }).dispatch({ ...request, execution: { ...execution, timeoutMs: 120_000 } }),
    );
    expect(error.code).toBe("LOGCAT_UNAVAILABLE");
    expect(opens()).toBe(3);
  });

  it("reports the steps of a failed envelope without step results from the log, beside the envelope", async () => {
    const plan = {
      ...request,
      execution: {
        ...execution,
        actions: [
          { id: "ok1", type: "snapshot_ui" as const },
          { id: "bad", type: "click" as const, params: { matcher: { textEquals: "nope" } } },
        ],
      },
    };
    const reason = `No UI node found matching criteria: ${matcher("nope")}`;
    const { transport } = scriptedDevice(
      (log) =>
        log
          .start("cmd-1", "t", 2)
          .snapshotStep("cmd-1", "t", "ok1", snapshotXml("A"))
          .failingClick("cmd-1", "t", "bad", "nope")
          .failed("cmd-1", "t", `Task execution failed: ${reason}`),
      (_attempt, lines) => lines,
    );
    const outcome = await createOperatorDispatcher({ transport }).dispatch(plan);
    expect(outcome.envelope).toEqual({
      commandId: "cmd-1",
      taskId: "t",
      status: "failed",
      stepResults: [],
      error: `Task execution failed: ${reason}`,
    });
    expect(outcome.stepsFromDeviceLog).toMatchObject({
      source: "device_log",
      completed: [{ id: "ok1", actionType: "snapshot_ui" }],
      failed: { id: "bad", actionType: "click", reason },
      notStarted: [],
    });
  });
});
