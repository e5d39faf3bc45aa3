import { describe, expect, it } from "vitest";
import { ResultCollector, type CollectorOptions } from "../../../android/operator/result-collector.ts";
import { ApkLog, matcher, snapshotXml } from "../../helpers/apk-log.ts";

const C = "cmd-1";
const T = "task-1";
const NONCE = "n0nce";
const step = (id: string, actionType: string, data: Record<string, string> = {}) => ({
  id,
  actionType,
  success: true,
  data,
});
const collector = (options: Partial<CollectorOptions> = {}) =>
  new ResultCollector({ commandId: C, taskId: T, dispatchMarker: `[Clawperator-Dispatch] ${NONCE}`, ...options });
const feedAll = (c: ResultCollector, log: ApkLog) => {
  for (const line of log.lines) if (c.feed(line)) break;
  return c;
};

describe("ResultCollector on the real APK's log", () => {
  it("takes the envelope of the command started after its dispatch marker, and its snapshot by position", () => {
    const log = new ApkLog()
      .dispatch(NONCE, C)
      .noise()
      .start(C, T, 1)
      .snapshotStep(C, T, "snap", snapshotXml("Settings"))
      .success(C, T, [step("snap", "snapshot_ui", { actual_format: "hierarchy_xml" })]);
    const c = feedAll(collector(), log);
    expect(c.state).toMatchObject({ kind: "envelope", envelope: { commandId: C, status: "success" } });
    expect(c.snapshots).toEqual([snapshotXml("Settings")]);
  });

  it("reads lines holding a line or paragraph separator (a screen's text) in the envelope and the snapshot", () => {
    const text = "a\u2028b\u2029c";
    const log = new ApkLog()
      .dispatch(NONCE, C)
      .start(C, T, 1)
      .snapshotStep(C, T, "snap", snapshotXml(text))
      .success(C, T, [step("snap", "snapshot_ui"), step("r", "read_text", { text })]);
    const c = feedAll(collector(), log);
    expect(c.state).toMatchObject({ kind: "envelope", envelope: { stepResults: [{}, { data: { text } }] } });
    expect(c.snapshots).toEqual([snapshotXml(text)]);
  });

  it("leaves out snapshot blocks logged outside this command's start and result lines", () => {
    const log = new ApkLog()
      .dispatch(NONCE, C)
      // Another command runs first: its snapshot names no command either.
      .start("other", "t9", 1)
      .snapshotStep("other", "t9", "s", snapshotXml("Other"))
      .success("other", "t9", [step("s", "snapshot_ui")])
      .start(C, T, 2)
      .snapshotStep(C, T, "a", snapshotXml("First"))
      .noise()
      .snapshotStep(C, T, "b", snapshotXml("Second"))
      .success(C, T, [step("a", "snapshot_ui"), step("b", "snapshot_ui")]);
    expect(feedAll(collector(), log).snapshots).toEqual([snapshotXml("First"), snapshotXml("Second")]);
  });

  it("keeps a snapshot whole when other processes log between its lines, and when its own lines carry a later time", () => {
    const xml = snapshotXml("Settings");
    const [first, ...rest] = xml.split("\n");
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1);
    const markerTime = log.timeMs;
    log.record("D", "TaskScopeDefault", `[TaskScope] UI Hierarchy:\n${first}`);
    for (const [i, line] of rest.entries()) {
      // Another process between every line; the logger's first lines share the marker line's time stamp (one
      // record), the later ones carry a later time (as pieces logged one by one would).
      log.record("I", "ActivityManager", `<node text="not ours ${i}" />`, 1234);
      if (i < rest.length / 2) log.timeMs = markerTime;
      log.record("D", "TaskScopeDefault", line);
    }
    log.success(C, T, [step("snap", "snapshot_ui")]);
    const c = feedAll(collector(), log);
    expect(c.state).toMatchObject({ kind: "envelope" });
    expect(c.snapshots).toEqual([xml]);
  });

  it("still takes a marker that names our commandId, and ignores one naming another", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1);
    log.record("D", "TaskScopeDefault", `[TaskScope] UI Hierarchy [commandId=other]:\n${snapshotXml("Other")}`);
    log.record("D", "TaskScopeDefault", `[TaskScope] UI Hierarchy [commandId=${C}]:\n${snapshotXml("Ours")}`);
    log.success(C, T, [step("s", "snapshot_ui")]);
    expect(feedAll(collector(), log).snapshots).toEqual([snapshotXml("Ours")]);
  });

  it("never returns the envelope of an earlier run with the same commandId", () => {
    // The earlier run, complete, within the same second as the dispatch: before the marker, so not ours.
    const log = new ApkLog()
      .start(C, T, 1)
      .readStep(C, T, "r", "Settings")
      .success(C, T, [step("r", "read_text", { text: "Settings" })])
      .dispatch(NONCE, C)
      .start(C, T, 1)
      .failingClick(C, T, "x", "nope")
      .failed(C, T, `Task execution failed: No UI node found matching criteria: ${matcher("nope")}`);
    const c = feedAll(collector(), log);
    expect(c.state).toMatchObject({ kind: "envelope", envelope: { status: "failed", stepResults: [] } });
  });

  it("waits past an earlier run with the same ids that is still finishing on the device", () => {
    const log = new ApkLog()
      .start(C, T, 1) // the earlier run started before our dispatch
      .dispatch(NONCE, C)
      .queued(C, T) // ours waits behind it
      .success(C, T, [step("old", "read_text", { text: "old" })])
      .start(C, T, 1)
      .readStep(C, T, "r", "new")
      .success(C, T, [step("r", "read_text", { text: "new" })]);
    const c = feedAll(collector(), log);
    expect(c.state).toMatchObject({
      kind: "envelope",
      envelope: { stepResults: [{ id: "r", data: { text: "new" } }] },
    });
  });

  it("while queued, takes the APK's timeout envelope only once our own budget has passed", () => {
    const timedOut = (ms: number) => ({
      commandId: C,
      taskId: T,
      status: "failed",
      stepResults: [],
      error: `Agent command timed out after ${ms}ms`,
    });
    const log = new ApkLog().start(C, T, 1).dispatch(NONCE, C).queued(C, T).result(timedOut(2000));
    const early = feedAll(collector({ timeoutMs: 2000 }), log);
    expect(early.state.kind).toBe("pending");

    log.timeMs += 2_000;
    log.result(timedOut(2000));
    const c = feedAll(collector({ timeoutMs: 2000 }), log);
    expect(c.state).toMatchObject({ kind: "envelope", envelope: { error: "Agent command timed out after 2000ms" } });
    expect(c.state.kind === "envelope" && log.lines.indexOf(log.lines.at(-1)!)).toBe(log.lines.length - 1);
  });

  it("ignores an envelope with our commandId but another taskId", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, "t-other", 1).success(C, "t-other", []);
    expect(feedAll(collector(), log).state.kind).toBe("pending");
  });

  it("takes the receiver's immediate SERVICE_UNAVAILABLE answer, which has no start line", () => {
    const log = new ApkLog().dispatch(NONCE, C);
    log.record(
      "E",
      "OperatorCommandReceiver",
      `[Operator-Receiver] Accessibility service is not available commandId=${C} taskId=${T}`,
    );
    log.result({
      commandId: C,
      taskId: T,
      status: "failed",
      stepResults: [],
      error: "Accessibility service is not available",
      errorCode: "SERVICE_UNAVAILABLE",
    });
    expect(feedAll(collector(), log).state).toMatchObject({
      kind: "envelope",
      envelope: { errorCode: "SERVICE_UNAVAILABLE" },
    });
  });

  it("reads from the start when the device could not log the marker", () => {
    const log = new ApkLog().start(C, T, 1).success(C, T, []);
    const c = collector();
    for (const line of log.lines) c.feed(line);
    expect(c.state.kind).toBe("pending");
    c.withoutMarker();
    expect(c.state.kind).toBe("envelope");
  });

  it("after a rewind, counts the lines read again once", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1).snapshotStep(C, T, "s", snapshotXml("A"));
    const c = collector();
    for (const line of log.lines) c.feed(line);
    c.rewind();
    log.success(C, T, [step("s", "snapshot_ui")]);
    feedAll(c, log);
    expect(c.state.kind).toBe("envelope");
    expect(c.snapshots).toHaveLength(1);
  });
});

describe("a result line the logger split at 4,000 units", () => {
  const big = {
    commandId: C,
    taskId: T,
    status: "success",
    stepResults: [step("r", "read_text", { text: "x".repeat(9_000) })],
    error: null,
  };

  it("is rejoined from its pieces, with other processes' lines between them", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1);
    log.splitResult(big, () => log.noise());
    expect(log.lines.filter((l) => l.includes("AgentCommandExecutorDefault")).length).toBeGreaterThan(3);
    const c = feedAll(collector(), log);
    expect(c.state).toMatchObject({
      kind: "envelope",
      envelope: { stepResults: [{ data: { text: "x".repeat(9_000) } }] },
    });
  });

  it("is rejoined when its length is an exact multiple of 4,000", () => {
    const prefix =
      `[Clawperator-Result] ${JSON.stringify({ ...big, stepResults: [step("r", "read_text", { text: "" })] })}`.length;
    const exact = { ...big, stepResults: [step("r", "read_text", { text: "y".repeat(8_000 - prefix) })] };
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1).splitResult(exact);
    expect(log.lines.at(-1)!.endsWith("}")).toBe(true);
    expect(feedAll(collector(), log).state.kind).toBe("envelope");
  });

  it("is malformed, saying why, when its last piece never arrives", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1).splitResult(big);
    log.lines.pop();
    const c = feedAll(collector(), log);
    expect(c.state.kind).toBe("pending");
    c.flush();
    expect(c.state).toMatchObject({ kind: "malformed", reason: expect.stringContaining("cut by the device's logger") });
  });
});

describe("the steps of a failed command, from the log", () => {
  it("names the steps that completed, the one that failed with its stage and reason, and those never run", () => {
    const plan = [
      { id: "ok1", type: "snapshot_ui" },
      { id: "r", type: "read_text" },
      { id: "bad", type: "click" },
      { id: "after", type: "read_text" },
    ];
    const reason = `No UI node found matching criteria: ${matcher("nope")}`;
    const log = new ApkLog()
      .dispatch(NONCE, C)
      .start(C, T, 4)
      .snapshotStep(C, T, "ok1", snapshotXml("S"))
      .readStep(C, T, "r", "Wi-Fi")
      .failingClick(C, T, "bad", "nope")
      .failed(C, T, `Task execution failed: ${reason}`);
    const c = feedAll(collector({ plan }), log);
    expect(c.state).toMatchObject({ kind: "envelope", envelope: { stepResults: [] } });
    expect(c.stepReport(`Task execution failed: ${reason}`)).toEqual({
      source: "device_log",
      completed: [
        {
          id: "ok1",
          actionType: "snapshot_ui",
          data: {
            actual_format: "hierarchy_xml",
            foreground_package: "com.android.settings",
            has_overlay: "false",
            window_count: "1",
          },
        },
        { id: "r", actionType: "read_text", data: { text: "Wi-Fi", validator: "none" } },
      ],
      failed: { id: "bad", actionType: "click", stage: `click(${matcher("nope")})`, reason, failurePoint: "not_found" },
      notStarted: ["after"],
    });
  });

  it("a timeout between steps names no failed step", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 2).readStep(C, T, "r", "A");
    log.result({
      commandId: C,
      taskId: T,
      status: "failed",
      stepResults: [],
      error: "Agent command timed out after 1000ms",
    });
    const c = feedAll(
      collector({
        plan: [
          { id: "r", type: "read_text" },
          { id: "s", type: "sleep" },
        ],
      }),
      log,
    );
    expect(c.stepReport("Agent command timed out after 1000ms")).toEqual({
      source: "device_log",
      completed: [{ id: "r", actionType: "read_text", data: { text: "A", validator: "none" } }],
      notStarted: ["s"],
    });
  });
});

describe("timeout evidence", () => {
  it("keeps the last lines naming the commandId (never the TaskScopeDefault text, which a real message never holds)", () => {
    const log = new ApkLog().dispatch(NONCE, C).start(C, T, 1);
    for (let i = 0; i < 15; i++) log.record("D", "TaskScopeDefault", `TaskScopeDefault: unrelated ${i}`);
    log.record(
      "D",
      "LoggingTaskStatusSink",
      `[Clawperator-Command] stage-retry commandId=${C} taskId=${T} id=click(M) attempt=2/5 delayMs=500`,
    );
    const c = feedAll(collector(), log);
    expect(c.evidence.some((l) => l.includes("TaskScopeDefault: unrelated"))).toBe(false);
    expect(c.evidence.at(-1)).toContain("stage-retry");
    expect(c.evidence[0]).toContain("[Clawperator-Dispatch]");
    expect(c.evidence.some((l) => l.includes("[Clawperator-Command] start"))).toBe(true);
  });
});

describe("ResultCollector, formats and schema", () => {
  const envelope = (extra: Record<string, unknown> = {}) => ({
    commandId: C,
    taskId: T,
    status: "success",
    stepResults: [step("s", "snapshot_ui", { actual_format: "hierarchy_xml" })],
    error: null,
    ...extra,
  });
  const started = () => {
    const c = collector({ dispatchMarker: undefined });
    c.feed(`I/Op: [Clawperator-Command] start commandId=${C} taskId=${T} source=s timeoutMs=1000 actionCount=1`);
    return c;
  };

  it("understands -v tag and -v threadtime lines, and the quoted ids of older virtual operators", () => {
    expect(started().feed(`I/Op: [Clawperator-Result] ${JSON.stringify(envelope())}`)).toBe(true);
    const d = collector({ dispatchMarker: undefined });
    d.feed(
      `11-22 18:00:00.000  1234  1250 I Op      : TaskScopeDefault: [Clawperator-Command] start commandId="` +
        `${C}" taskId="${T}" timeoutMs=1000 actionCount=1`,
    );
    expect(
      d.feed(`11-22 18:00:00.000  1234  1250 I Op      : [Clawperator-Result] ${JSON.stringify(envelope())}`),
    ).toBe(true);
  });

  it("joins an XML line the logger cut at 4,000 units without a newline, and keeps a line break inside a value", () => {
    const c = started();
    const long = `  <node text="${"a".repeat(5_000)}" />`;
    c.feed("D/Op( 7): [TaskScope] UI Hierarchy:");
    c.feed('D/Op( 7): <hierarchy rotation="0">');
    c.feed(`D/Op( 7): ${long.slice(0, 4_000)}`);
    c.feed(`D/Op( 7): ${long.slice(4_000)}`);
    c.feed('D/Op( 7):   <node text="two');
    c.feed('D/Op( 7): lines" />');
    c.feed("D/Op( 7): </hierarchy>");
    expect(c.snapshots).toEqual([`<hierarchy rotation="0">\n${long}\n  <node text="two\nlines" />\n</hierarchy>`]);
  });

  it("reports an unparseable envelope that names its commandId as malformed", () => {
    const c = started();
    expect(c.feed(`I/Op: [Clawperator-Result] {"commandId":"${C}","status":`)).toBe(true);
    expect(c.state.kind).toBe("malformed");
    expect(started().feed('I/Op: [Clawperator-Result] {"commandId":"cmd-9",')).toBe(false);
  });

  it("takes an envelope in the APK's exact form as is, keeping only the schema's keys", async () => {
    const c = started();
    c.feed(`I/Op: [Clawperator-Result] ${JSON.stringify(envelope({ errorCode: null, apkVersion: "9" }))}`);
    expect(await c.checked()).toEqual({ kind: "envelope", envelope: { ...envelope(), errorCode: null } });
  });

  it("validates any other envelope with the schema: defaults filled in, wrong types malformed", async () => {
    const sparse = started();
    sparse.feed(`I/Op: [Clawperator-Result] ${JSON.stringify({ commandId: C, taskId: T, status: "failed" })}`);
    expect(await sparse.checked()).toEqual({
      kind: "envelope",
      envelope: { commandId: C, taskId: T, status: "failed", stepResults: [], error: null },
    });
    const wrong = started();
    wrong.feed(`I/Op: [Clawperator-Result] ${JSON.stringify(envelope({ status: "done" }))}`);
    const state = await wrong.checked();
    expect(state.kind === "malformed" && state.reason).toContain("status");
  });

  it("wait() resolves when the envelope arrives", async () => {
    const c = started();
    const waiting = c.wait(10_000);
    c.feed(`I/Op: [Clawperator-Result] ${JSON.stringify(envelope())}`);
    await waiting;
    expect(c.state.kind).toBe("envelope");
  });
});
