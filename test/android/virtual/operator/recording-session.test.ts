import { describe, expect, it } from "vitest";
import { OPERATOR, RECORDINGS, recordingDevice } from "./recording-device.ts";

const header = (sessionId: string, startedAt: number) =>
  `{"type":"recording_header","schemaVersion":1,"sessionId":"${sessionId}","startedAt":${startedAt},` +
  `"operatorPackage":"${OPERATOR}"}\n`;

const recordingLog = (device: ReturnType<typeof recordingDevice>) =>
  device.log.records.filter((r) => r.tag === "RecordingRuntime").map((r) => `${r.priority} ${r.message}`);

describe("start_recording / stop_recording: sessions as the APK's RecordingManager keeps them", () => {
  it("start writes the header line at once; stop reports the events written and points latest at the session", async () => {
    const device = recordingDevice();
    const started = await device.step("start_recording", { sessionId: "demo-1" });
    const file = `${RECORDINGS}/demo-1.ndjson`;
    expect(started).toEqual({
      id: "a1",
      actionType: "start_recording",
      success: true,
      data: { sessionId: "demo-1", filePath: file },
    });
    expect(device.fs.read(file)?.toString()).toBe(header("demo-1", device.clock.time));
    expect(device.fs.read(`${RECORDINGS}/latest`)).toBeUndefined();

    const stopped = await device.step("stop_recording");
    expect(stopped).toEqual({
      id: "a1",
      actionType: "stop_recording",
      success: true,
      data: { sessionId: "demo-1", filePath: file, eventCount: "0" },
    });
    expect(device.fs.read(`${RECORDINGS}/latest`)?.toString()).toBe("demo-1");
    expect(recordingLog(device)).toEqual([
      `I SESSION_STARTED sessionId=demo-1 file=${file}`,
      `I SESSION_STOPPED sessionId=demo-1 file=${file} eventCount=0`,
    ]);
    const engine = device.log.records.filter((r) => r.message.startsWith("[UiActionEngine] step_success"));
    expect(engine.map((r) => r.message)).toEqual([
      `[UiActionEngine] step_success id=a1 type=StartRecording data={sessionId=demo-1, filePath=${file}}`,
      `[UiActionEngine] step_success id=a1 type=StopRecording data={sessionId=demo-1, filePath=${file}, eventCount=0}`,
    ]);
  });

  it("without a sessionId the id is record-<epoch ms>-<8 hex digits>", async () => {
    const device = recordingDevice();
    const started = await device.step("start_recording");
    expect(started.data.sessionId).toMatch(new RegExp(`^record-${device.clock.time}-[0-9a-f]{8}$`));
    expect(started.data.filePath).toBe(`${RECORDINGS}/${started.data.sessionId}.ndjson`);
  });

  it("one session at a time: a second start names the active session and changes nothing", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "first" });
    const envelope = await device.run([{ type: "start_recording", params: { sessionId: "second" } }]);
    // A refused step is a failed step in a successful envelope (the APK's status).
    expect(envelope.status).toBe("success");
    expect(envelope.stepResults[0]).toEqual({
      id: "a1",
      actionType: "start_recording",
      success: false,
      data: {
        error: "RECORDING_ALREADY_IN_PROGRESS",
        message: "Recording is already in progress",
        sessionId: "first",
        filePath: `${RECORDINGS}/first.ndjson`,
      },
    });
    expect(device.fs.read(`${RECORDINGS}/second.ndjson`)).toBeUndefined();
    expect((await device.step("stop_recording")).data.sessionId).toBe("first");
  });

  it("stop without a session is RECORDING_NOT_IN_PROGRESS, and so is a second stop", async () => {
    const device = recordingDevice();
    const refused = {
      success: false,
      data: { error: "RECORDING_NOT_IN_PROGRESS", message: "Recording is not in progress" },
    };
    expect(await device.step("stop_recording")).toMatchObject(refused);
    await device.step("start_recording", { sessionId: "s" });
    expect((await device.step("stop_recording")).success).toBe(true);
    expect(await device.step("stop_recording")).toMatchObject(refused);
  });

  it("stop with another session's id still stops the active one, with a warning", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "active" });
    const stopped = await device.step("stop_recording", { sessionId: "other" });
    expect(stopped.data).toMatchObject({ sessionId: "active", eventCount: "0" });
    expect(recordingLog(device)).toContain("W SESSION_ID_MISMATCH stopRequestedSessionId=other activeSessionId=active");
    expect(device.fs.read(`${RECORDINGS}/latest`)?.toString()).toBe("active");
  });

  it("latest names the last stopped session; a reused id overwrites its file", async () => {
    const device = recordingDevice();
    for (const id of ["one", "two"]) {
      await device.step("start_recording", { sessionId: id });
      await device.step("stop_recording");
    }
    expect(device.fs.read(`${RECORDINGS}/latest`)?.toString()).toBe("two");
    device.fs.write(
      `${RECORDINGS}/one.ndjson`,
      Buffer.from("old content that is longer than a header line ".repeat(9)),
    );
    device.clock.time += 5_000;
    await device.step("start_recording", { sessionId: "one" });
    expect(device.fs.read(`${RECORDINGS}/one.ndjson`)?.toString()).toBe(header("one", device.clock.time));
    expect(device.fs.read(`${RECORDINGS}/latest`)?.toString()).toBe("two");
  });

  it.each([
    ["a space", "a b"],
    ["a slash", "a/b"],
    ["a dot", "v1.2"],
    ["a non-ASCII letter", "café"],
  ])("a sessionId with %s is RECORDING_START_FAILED, after the directory was created", async (_what, id) => {
    const device = recordingDevice();
    expect(await device.step("start_recording", { sessionId: id })).toMatchObject({
      success: false,
      data: {
        error: "RECORDING_START_FAILED",
        message: "sessionId must use only letters, numbers, hyphens, or underscores",
      },
    });
    expect(device.fs.isDirectory(RECORDINGS)).toBe(true);
    expect(device.fs.list(RECORDINGS)).toEqual([]);
    expect((await device.step("stop_recording")).data.error).toBe("RECORDING_NOT_IN_PROGRESS");
  });

  it.each([
    ["blank", "   ", "sessionId must not be blank"],
    ["longer than 128", "x".repeat(129), "sessionId exceeds max length of 128"],
  ])("a %s sessionId fails the whole command in the parser: no envelope", async (_what, id, message) => {
    const device = recordingDevice();
    device.operator.handleCommand(
      JSON.stringify({
        commandId: "c",
        taskId: "t",
        source: "s",
        actions: [{ id: "a1", type: "stop_recording", params: { sessionId: id } }],
      }),
    );
    await device.operator.idle();
    expect(device.log.resultLines()).toEqual([]);
    expect(device.log.records.map((r) => r.message)).toContain(`java.lang.IllegalArgumentException: ${message}`);
  });

  it("a sessionId of 128 safe characters is accepted", async () => {
    const device = recordingDevice();
    expect((await device.step("start_recording", { sessionId: "A_-9".repeat(32) })).success).toBe(true);
  });
});

describe("start_recording / stop_recording: storage failures", () => {
  const android = "/storage/emulated/0/Android/data";

  it("no external files directory (a file where the app's folder would be): RECORDING_STORAGE_UNAVAILABLE", async () => {
    const device = recordingDevice();
    device.fs.write(`${android}/${OPERATOR}`, Buffer.from("x"));
    expect(await device.step("start_recording", { sessionId: "s" })).toMatchObject({
      success: false,
      data: { error: "RECORDING_STORAGE_UNAVAILABLE", message: "External files directory is not available" },
    });
  });

  it("a recordings directory that cannot be made: RECORDING_STORAGE_UNAVAILABLE naming it", async () => {
    const device = recordingDevice();
    device.fs.mkdir(`${android}/${OPERATOR}`);
    device.fs.write(`${android}/${OPERATOR}/files`, Buffer.from("x"));
    expect((await device.step("start_recording", { sessionId: "s" })).data).toEqual({
      error: "RECORDING_STORAGE_UNAVAILABLE",
      message: `Failed to create recordings directory: ${RECORDINGS}`,
    });
  });

  it("a file that cannot be opened: RECORDING_START_FAILED with Android's open failure", async () => {
    const device = recordingDevice();
    device.fs.mkdir(RECORDINGS, { parents: true });
    device.fs.mkdir(`${RECORDINGS}/taken.ndjson`);
    expect((await device.step("start_recording", { sessionId: "taken" })).data).toEqual({
      error: "RECORDING_START_FAILED",
      message: `${RECORDINGS}/taken.ndjson: open failed: EISDIR (Is a directory)`,
    });

    const other = recordingDevice();
    other.fs.mkdir(`${RECORDINGS}/..`, { parents: true });
    other.fs.write(RECORDINGS, Buffer.from("a file, not a directory"));
    expect((await other.step("start_recording", { sessionId: "s" })).data).toEqual({
      error: "RECORDING_START_FAILED",
      message: `${RECORDINGS}/s.ndjson: open failed: ENOTDIR (Not a directory)`,
    });
  });

  it("a latest pointer that cannot be written fails the stop, ends the session, and keeps what was recorded", async () => {
    const device = recordingDevice();
    await device.step("start_recording", { sessionId: "s" });
    device.fs.mkdir(`${RECORDINGS}/latest`);
    await device.step("open_app", { applicationId: "com.android.settings" });
    expect(await device.step("stop_recording")).toEqual({
      id: "a1",
      actionType: "stop_recording",
      success: false,
      data: {
        error: "RECORDING_STOP_FAILED",
        message: `${RECORDINGS}/latest: open failed: EISDIR (Is a directory)`,
        sessionId: "s",
        filePath: `${RECORDINGS}/s.ndjson`,
        eventCount: "1",
      },
    });
    expect(device.lines("s").map((l) => l.type)).toEqual(["recording_header", "window_change"]);
    expect(recordingLog(device).some((l) => l.includes("SESSION_STOPPED"))).toBe(false);
    expect((await device.step("stop_recording")).data.error).toBe("RECORDING_NOT_IN_PROGRESS");
  });
});
