import { mkdtemp, rm } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdbDeviceServer, type DeviceServices } from "../../../android/virtual/adb/index.ts";
import { createVirtualDevice, type VirtualDevice } from "../../../android/virtual/index.ts";
import { loadScenario } from "../../../android/virtual/scenario/load-scenario.ts";
import * as kernelApi from "../../../core/kernel/public.ts";
import * as rootApi from "../../../index.ts";
import { createClawperator, EventBus, type Clawperator, type ClawperatorEvents } from "../../../index.ts";
import { AdbHarness } from "../../helpers/adb-harness.ts";
import { DEMO, DEMO_IDS, execution, hierarchyNodeCount, RESULT_KEYS } from "./support.ts";

// The API runs in this process, so it finds the private adb server and lock folder through this process's env.
let harness: AdbHarness;
let virtual: VirtualDevice;
let server: AdbDeviceServer;
let serial: string;
let home: string;
let api: Clawperator;
const saved = { port: process.env.ANDROID_ADB_SERVER_PORT, home: process.env.CLAWPERATOR_HOME };
/** The abort signal of every `logcat` command the host started on the device. */
const logcatSessions: AbortSignal[] = [];
const events: { [E in keyof ClawperatorEvents]: ClawperatorEvents[E][] } = {
  "clawperator:execution": [],
  "clawperator:result": [],
  "clawperator:device-removed": [],
  "clawperator:serve-listening": [],
  "clawperator:skills-changed": [],
  "clawperator:skills-install-progress": [],
};

beforeAll(async () => {
  harness = await AdbHarness.start();
  home = await mkdtemp(join(tmpdir(), "clawperator-e2e-api-"));
  process.env.ANDROID_ADB_SERVER_PORT = String(harness.serverPort);
  process.env.CLAWPERATOR_HOME = home;

  virtual = createVirtualDevice(await loadScenario("default"));
  // The device's own services, watched: which commands open a log stream, and when those streams end.
  const watched: DeviceServices = {
    banner: () => virtual.services.banner(),
    run(commandLine, session) {
      if (/^'?logcat'? /.test(commandLine)) logcatSessions.push(session.signal);
      return virtual.services.run(commandLine, session);
    },
  };
  server = new AdbDeviceServer(watched);
  serial = `127.0.0.1:${await server.listen(0)}`;
  await harness.adb(["connect", serial]);
  await harness.waitForDevices((listed) => listed.get(serial) === "device");

  api = await createClawperator({ cwd: home });
  const bus = api.kernel.services.resolve(EventBus);
  bus.on("clawperator:execution", (payload) => events["clawperator:execution"].push(payload));
  bus.on("clawperator:result", (payload) => events["clawperator:result"].push(payload));
});

afterAll(async () => {
  await api?.close();
  await server?.close();
  virtual?.stop();
  await harness?.stop();
  await rm(home, { recursive: true, force: true });
  for (const [name, value] of [
    ["ANDROID_ADB_SERVER_PORT", saved.port],
    ["CLAWPERATOR_HOME", saved.home],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("createClawperator", () => {
  it("lists the device and runs executions and snapshots over one log stream that stays open", async () => {
    expect(await api.devices()).toEqual([expect.objectContaining({ serial, state: "device" })]);

    const first = execution([
      { id: "open", type: "open_app", params: { applicationId: DEMO } },
      { id: "type", type: "enter_text", params: { matcher: { resourceId: DEMO_IDS.search }, text: "Porto" } },
    ]);
    const a = await api.execute(first);
    expect(Object.keys(a).sort()).toEqual(RESULT_KEYS);
    expect(a).toMatchObject({ ok: true, deviceId: serial, terminalSource: "clawperator_result", mode: "direct" });
    expect(a.envelope.stepResults.map((s) => s.success)).toEqual([true, true]);

    const b = await api.execute(
      execution([{ id: "read", type: "read_text", params: { matcher: { resourceId: DEMO_IDS.search } } }]),
      { deviceId: serial },
    );
    expect(b.envelope.stepResults[0]?.data.text).toBe("Porto");

    const c = await api.snapshot({ deviceId: serial, timeoutMs: 5_000 });
    expect(hierarchyNodeCount(c.envelope.stepResults[0]!.data.text!)).toBeGreaterThan(3);

    expect(logcatSessions).toHaveLength(1);
    expect(logcatSessions[0]!.aborted).toBe(false);
  });

  it("the CLI's result: a failed step fails the run with its code; { deviceEnvelope: true } keeps the device's envelope", async () => {
    const result = await api.execute(
      execution([
        { id: "open", type: "open_app", params: { applicationId: DEMO } },
        {
          id: "r",
          type: "read_text",
          params: { matcher: { resourceId: DEMO_IDS.temperature }, validator: "regex", validatorPattern: "^zzz$" },
        },
      ]),
      { deviceEnvelope: true },
    );
    expect(result.ok).toBe(false);
    expect(result.envelope).toMatchObject({ status: "failed", error: "Step r (read_text) failed: VALIDATOR_MISMATCH" });
    expect(result.error).toMatchObject({ code: "VALIDATOR_MISMATCH", source: "step", stepId: "r" });
    expect(result.deviceEnvelope).toMatchObject({ status: "success", error: null });
  });

  it("publishes clawperator:result and clawperator:execution for every execution that reached the device", async () => {
    events["clawperator:execution"].length = 0;
    events["clawperator:result"].length = 0;
    const payload = execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]);
    const result = await api.execute(payload);

    expect(events["clawperator:result"]).toEqual([{ deviceId: serial, envelope: result.envelope }]);
    expect(events["clawperator:execution"]).toEqual([{ deviceId: serial, input: payload, result }]);
  });

  it("publishes clawperator:execution (and no result) for an execution that failed before an envelope", async () => {
    events["clawperator:execution"].length = 0;
    events["clawperator:result"].length = 0;
    const payload = execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]);
    await expect(api.execute(payload, { deviceId: "127.0.0.1:1" })).rejects.toMatchObject({ code: "DEVICE_NOT_FOUND" });

    expect(events["clawperator:result"]).toEqual([]);
    expect(events["clawperator:execution"]).toEqual([
      {
        deviceId: "127.0.0.1:1",
        input: payload,
        result: { ok: false, error: expect.objectContaining({ code: "DEVICE_NOT_FOUND" }) },
      },
    ]);
  });

  it("the same commandId twice on the shared stream: each call gets its own run's envelope", async () => {
    for (let i = 0; i < 20; i++) {
      const first = execution([{ id: "r", type: "read_text", params: { matcher: { resourceId: DEMO_IDS.search } } }]);
      expect((await api.execute(first, { deviceId: serial })).envelope.stepResults[0]!.actionType).toBe("read_text");
      const second = await api.execute({ ...first, actions: [{ id: "s", type: "snapshot_ui" }] }, { deviceId: serial });
      expect(second.envelope.stepResults.map((s) => [s.id, s.actionType])).toEqual([["s", "snapshot_ui"]]);
    }
  });

  it("an invalid execution is rejected with EXECUTION_VALIDATION_FAILED before anything reaches the device", async () => {
    const before = logcatSessions.length;
    await expect(
      api.execute(execution([{ id: "nap", type: "sleep", params: { durationMs: 999_999 } }])),
    ).rejects.toMatchObject({ code: "EXECUTION_VALIDATION_FAILED" });
    expect(logcatSessions).toHaveLength(before);
  });

  it("close() ends the device's log stream", async () => {
    const stream = logcatSessions[0]!;
    const ended = stream.aborted ? Promise.resolve() : once(stream, "abort");
    await api.close();
    await ended;
    expect(stream.aborted).toBe(true);
  });
});

describe("two runtimes in one process", () => {
  it("get separate instances of every service, and closing one leaves the other working", async () => {
    const a = await createClawperator({ cwd: home });
    const b = await createClawperator({ cwd: home });
    try {
      const before = logcatSessions.length;
      expect((await a.snapshot({ deviceId: serial })).ok).toBe(true);
      expect((await b.snapshot({ deviceId: serial })).ok).toBe(true);
      // Each runtime built its own dispatcher, so each keeps its own result stream open.
      const [streamA, streamB] = logcatSessions.slice(before);
      expect(logcatSessions).toHaveLength(before + 2);

      const tokens = [...Object.values(rootApi), ...Object.values(kernelApi)].filter(
        (value): value is symbol => typeof value === "symbol" && a.kernel.services.isRegistered(value),
      );
      expect(tokens.map((token) => token.description?.replace("clawperator.", ""))).toEqual(
        expect.arrayContaining(["Transport", "EventBus", "ExecutionRunner", "OperatorDispatcher", "Skills"]),
      );
      for (const token of tokens) {
        expect(b.kernel.services.isRegistered(token)).toBe(true);
        expect(a.kernel.services.resolve(token), token.description).not.toBe(b.kernel.services.resolve(token));
      }

      const ended = streamA!.aborted ? Promise.resolve() : once(streamA!, "abort");
      await a.close();
      await ended;
      await expect(a.snapshot({ deviceId: serial })).rejects.toMatchObject({ code: "USAGE" });
      expect((await b.snapshot({ deviceId: serial })).ok).toBe(true);
      expect(streamB!.aborted).toBe(false);
      expect(logcatSessions).toHaveLength(before + 2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
